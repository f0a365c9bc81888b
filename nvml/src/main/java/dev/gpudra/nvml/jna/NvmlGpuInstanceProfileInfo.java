package dev.gpudra.nvml.jna;

import com.sun.jna.Structure;

/**
 * {@code nvmlGpuInstanceProfileInfo_t} (v1), as filled by {@code
 * nvmlDeviceGetGpuInstanceProfileInfo}: ten unsigned ints and the memory size in MiB; 48 bytes.
 */
@Structure.FieldOrder({
  "id",
  "isP2pSupported",
  "sliceCount",
  "instanceCount",
  "multiprocessorCount",
  "copyEngineCount",
  "decoderCount",
  "encoderCount",
  "jpegCount",
  "ofaCount",
  "memorySizeMB"
})
public final class NvmlGpuInstanceProfileInfo extends Structure {
  public int id;
  public int isP2pSupported;
  public int sliceCount;
  public int instanceCount;
  public int multiprocessorCount;
  public int copyEngineCount;
  public int decoderCount;
  public int encoderCount;
  public int jpegCount;
  public int ofaCount;

  /** Despite the name, MiB. */
  public long memorySizeMB;
}
