package dev.gpudra.gpu.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.node.pci.PciGpu;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class VfioGpuTest {
  private static final PciGpu PCI =
      new PciGpu(
          "0000:3b:00.0",
          0x2330,
          0,
          Optional.of(17),
          Optional.of("vfio-pci"),
          Optional.empty(),
          0,
          0);

  @Test
  @DisplayName("its UUID is the version-5 name UUID of its PCI address in the DNS namespace")
  void uuidAsNvidias() {
    VfioGpu gpu = new VfioGpu(Optional.empty(), 3, PCI, "GH100", false);

    assertThat(gpu.uuid()).isEqualTo("5f36833e-54b9-5234-b457-89cdb0ccb109");
    assertThat(gpu.name()).isEqualTo("gpu-vfio-3");
  }

  @Test
  @DisplayName("bound to vfio-pci, NVML does not see it: asking for its NVML GPU names why")
  void noParentWhileBound() {
    VfioGpu gpu = new VfioGpu(Optional.empty(), 0, PCI, "GH100", false);

    assertThatThrownBy(gpu::gpu)
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("gpu-vfio-0 (0000:3b:00.0) is bound to vfio-pci: NVML does not see it");
  }
}
