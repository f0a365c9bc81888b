package dev.gpudra.nvml.jna;

import com.sun.jna.Structure;

/**
 * {@code nvmlGpuFabricInfo_t} (v1): cluster UUID bytes, registration status (an {@code
 * nvmlReturn_t}), clique ID and state (an unsigned char); 28 bytes with tail padding.
 */
@Structure.FieldOrder({"clusterUuid", "status", "cliqueId", "state"})
public final class NvmlGpuFabricInfo extends Structure {
  /** {@code NVML_GPU_FABRIC_UUID_LEN}. */
  public byte[] clusterUuid = new byte[16];

  public int status;
  public int cliqueId;
  public byte state;
}
