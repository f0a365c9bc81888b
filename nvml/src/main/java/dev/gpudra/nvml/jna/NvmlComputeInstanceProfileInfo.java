package dev.gpudra.nvml.jna;

import com.sun.jna.Structure;

/**
 * {@code nvmlComputeInstanceProfileInfo_t} (v1): profile ID, slice and instance counts, and the
 * shared engine counts; nine unsigned ints, 36 bytes.
 */
@Structure.FieldOrder({
  "id",
  "sliceCount",
  "instanceCount",
  "multiprocessorCount",
  "sharedCopyEngineCount",
  "sharedDecoderCount",
  "sharedEncoderCount",
  "sharedJpegCount",
  "sharedOfaCount"
})
public final class NvmlComputeInstanceProfileInfo extends Structure {
  public int id;
  public int sliceCount;
  public int instanceCount;
  public int multiprocessorCount;
  public int sharedCopyEngineCount;
  public int sharedDecoderCount;
  public int sharedEncoderCount;
  public int sharedJpegCount;
  public int sharedOfaCount;
}
