package dev.gpudra.nvml.jna;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Sizes and offsets as nvml.h lays the structs out on 64-bit Linux: each field is written through
 * JNA and read back at the byte offset the C compiler would use.
 */
@DisplayName("JNA structures match nvml.h byte for byte")
class StructureLayoutTest {

  @Test
  @DisplayName("nvmlPciInfo_t: busIdLegacy[16], five uints, busId[32] = 68 bytes")
  void pciInfo() {
    NvmlPciInfo pci = new NvmlPciInfo();
    pci.domain = 1;
    pci.bus = 2;
    pci.device = 3;
    pci.pciDeviceId = 0x20B010DE;
    pci.pciSubSystemId = 5;
    pci.busId[0] = '0';
    pci.write();
    Pointer p = pci.getPointer();
    assertThat(pci.size()).isEqualTo(68);
    assertThat(p.getInt(16)).isEqualTo(1);
    assertThat(p.getInt(20)).isEqualTo(2);
    assertThat(p.getInt(24)).isEqualTo(3);
    assertThat(p.getInt(28)).isEqualTo(0x20B010DE);
    assertThat(p.getInt(32)).isEqualTo(5);
    assertThat(p.getByte(36)).isEqualTo((byte) '0');
  }

  @Test
  @DisplayName("nvmlMemory_t: total, free, used as u64 = 24 bytes")
  void memory() {
    NvmlMemory memory = new NvmlMemory();
    memory.total = 42_505_076_736L;
    memory.used = 7;
    memory.write();
    assertThat(memory.size()).isEqualTo(24);
    assertThat(memory.getPointer().getLong(0)).isEqualTo(42_505_076_736L);
    assertThat(memory.getPointer().getLong(16)).isEqualTo(7);
  }

  @Test
  @DisplayName("nvmlGpuInstanceProfileInfo_t: ten uints then memorySizeMB (u64) at 40 = 48 bytes")
  void profileInfo() {
    NvmlGpuInstanceProfileInfo info = new NvmlGpuInstanceProfileInfo();
    info.id = 19;
    info.sliceCount = 1;
    info.instanceCount = 7;
    info.multiprocessorCount = 14;
    info.ofaCount = 9;
    info.memorySizeMB = 4864;
    info.write();
    Pointer p = info.getPointer();
    assertThat(info.size()).isEqualTo(48);
    assertThat(p.getInt(0)).isEqualTo(19);
    assertThat(p.getInt(8)).isEqualTo(1);
    assertThat(p.getInt(12)).isEqualTo(7);
    assertThat(p.getInt(16)).isEqualTo(14);
    assertThat(p.getInt(36)).isEqualTo(9);
    assertThat(p.getLong(40)).isEqualTo(4864);
  }

  @Test
  @DisplayName("nvmlGpuInstancePlacement_t: start, size = 8 bytes; arrays are contiguous")
  void placement() {
    NvmlGpuInstancePlacement first = new NvmlGpuInstancePlacement();
    NvmlGpuInstancePlacement[] array = (NvmlGpuInstancePlacement[]) first.toArray(2);
    array[1].start = 4;
    array[1].size = 4;
    array[1].write();
    assertThat(first.size()).isEqualTo(8);
    assertThat(array[0].getPointer().getInt(8)).isEqualTo(4);
    assertThat(array[0].getPointer().getInt(12)).isEqualTo(4);
  }

  @Test
  @DisplayName("nvmlGpuInstanceInfo_t: device pointer, id, profileId, placement = 24 bytes")
  void instanceInfo() {
    NvmlGpuInstanceInfo info = new NvmlGpuInstanceInfo();
    info.id = 3;
    info.profileId = 9;
    info.placement.start = 4;
    info.placement.size = 4;
    info.write();
    Pointer p = info.getPointer();
    assertThat(Native.POINTER_SIZE).isEqualTo(8);
    assertThat(info.size()).isEqualTo(24);
    assertThat(p.getInt(8)).isEqualTo(3);
    assertThat(p.getInt(12)).isEqualTo(9);
    assertThat(p.getInt(16)).isEqualTo(4);
    assertThat(p.getInt(20)).isEqualTo(4);
  }

  @Test
  @DisplayName("nvmlGpuFabricInfo_t: uuid[16], status, cliqueId, state (uchar) = 28 bytes")
  void fabricInfo() {
    NvmlGpuFabricInfo info = new NvmlGpuFabricInfo();
    info.clusterUuid[15] = 0x11;
    info.status = 23;
    info.cliqueId = 32766;
    info.state = 3;
    info.write();
    Pointer p = info.getPointer();
    assertThat(info.size()).isEqualTo(28);
    assertThat(p.getByte(15)).isEqualTo((byte) 0x11);
    assertThat(p.getInt(16)).isEqualTo(23);
    assertThat(p.getInt(20)).isEqualTo(32766);
    assertThat(p.getByte(24)).isEqualTo((byte) 3);
  }

  @Test
  @DisplayName("nvmlDeviceAddressingMode_t: version (v1 = 0x1000008), value = 8 bytes")
  void addressingMode() {
    NvmlDeviceAddressingMode mode = new NvmlDeviceAddressingMode();
    mode.write();
    assertThat(mode.size()).isEqualTo(8);
    assertThat(NvmlDeviceAddressingMode.VERSION_1).isEqualTo((1 << 24) | mode.size());
    assertThat(mode.getPointer().getInt(0)).isEqualTo(0x1000008);
  }

  @Test
  @DisplayName(
      "nvmlFieldValue_t: u32 field and scope, s64 timestamp and latency, value type, return code,"
          + " 8-byte value union = 40 bytes; an unsigned int value is the union's low half")
  void fieldValue() {
    NvmlFieldValue field = new NvmlFieldValue();
    field.fieldId = NvmlFieldValue.GPU_RECOVERY_ACTION;
    field.write();
    Pointer p = field.getPointer();
    assertThat(field.size()).isEqualTo(40);
    assertThat(p.getInt(0)).isEqualTo(230);
    p.setInt(24, 1); // NVML_VALUE_TYPE_UNSIGNED_INT
    p.setInt(28, 3); // NVML_ERROR_NOT_SUPPORTED
    p.setLong(32, 0xdead_beef_0000_0002L);
    field.read();
    assertThat(field.nvmlReturn).isEqualTo(3);
    assertThat(field.integer()).isEqualTo(2L);
    p.setInt(24, 3); // NVML_VALUE_TYPE_UNSIGNED_LONG_LONG
    p.setLong(32, 7L);
    field.read();
    assertThat(field.integer()).isEqualTo(7L);
  }

  @Test
  @DisplayName(
      "nvmlEventData_t: device handle, u64 type, u64 data (the XID), u32 GI and CI = 32 bytes;"
          + " 0xFFFFFFFF reads as -1")
  void eventData() {
    NvmlEventData data = new NvmlEventData();
    data.getPointer().setLong(8, 0x8L);
    data.getPointer().setLong(16, 79L);
    data.getPointer().setInt(24, 0xFFFFFFFF);
    data.getPointer().setInt(28, 2);
    data.read();
    assertThat(data.size()).isEqualTo(32);
    assertThat(data.eventType).isEqualTo(NvmlLibrary.EVENT_TYPE_XID_CRITICAL_ERROR);
    assertThat(data.eventData).isEqualTo(79L);
    assertThat(data.gpuInstanceId).isEqualTo(-1);
    assertThat(data.computeInstanceId).isEqualTo(2);
  }

  @Test
  @DisplayName(
      "nvmlComputeInstanceProfileInfo_t (v1) = 9 u32 = 36 bytes; nvmlComputeInstanceInfo_t ="
          + " 2 handles, id, profile ID, start, size = 32 bytes")
  void computeInstanceStructs() {
    NvmlComputeInstanceProfileInfo profile = new NvmlComputeInstanceProfileInfo();
    profile.getPointer().setInt(0, 4);
    profile.getPointer().setInt(32, 1);
    profile.read();
    assertThat(profile.size()).isEqualTo(36);
    assertThat(profile.id).isEqualTo(4);
    assertThat(profile.sharedOfaCount).isEqualTo(1);

    NvmlComputeInstanceInfo info = new NvmlComputeInstanceInfo();
    info.getPointer().setInt(16, 3);
    info.getPointer().setInt(28, 7);
    info.read();
    assertThat(info.size()).isEqualTo(32);
    assertThat(info.id).isEqualTo(3);
    assertThat(info.size).isEqualTo(7);
  }
}
