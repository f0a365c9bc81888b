package dev.gpudra.nvml.simulated;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.GpuLink;
import dev.gpudra.nvml.NvmlGpuLostException;
import dev.gpudra.nvml.PcieLevel;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@DisplayName("Simulated GPU links come from the profile's PCI slots and NVLinks")
class SimulatedLinksTest {
  private final ProfileLoader loader = new ProfileLoader();

  record Case(String name, String profile, int a, int b, GpuLink link) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> builtIns() {
    return Stream.of(
        new Case("dgx-h100 pair under one switch", "dgx-h100", 0, 1, link(PcieLevel.SINGLE, 18)),
        new Case("dgx-h100 across root complexes", "dgx-h100", 0, 2, link(PcieLevel.NODE, 18)),
        new Case("dgx-h100 across sockets", "dgx-h100", 3, 4, link(PcieLevel.SYSTEM, 18)),
        new Case("dgx-a100 NVLink3 through switches", "dgx-a100", 1, 7, link(PcieLevel.SYSTEM, 12)),
        new Case("hgx-h200 default layout", "hgx-h200", 6, 7, link(PcieLevel.SINGLE, 18)),
        new Case("b200 NVLink5", "b200", 0, 5, link(PcieLevel.SYSTEM, 18)),
        new Case("l40s pair under one switch", "l40s", 2, 3, link(PcieLevel.SINGLE, 0)),
        new Case("l40s across sockets", "l40s", 1, 2, link(PcieLevel.SYSTEM, 0)),
        new Case("t4 default layout", "t4", 0, 3, link(PcieLevel.SYSTEM, 0)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("builtIns")
  @DisplayName("built-in profiles: NVSwitch systems link every pair, PCIe-only ones by distance")
  void builtIn(Case c) {
    try (SimulatedNvml nvml = new SimulatedNvml(loader.load(c.profile()), "n")) {
      List<GpuInfo> gpus = nvml.gpus();
      assertThat(nvml.link(gpus.get(c.a()), gpus.get(c.b()))).isEqualTo(c.link());
      assertThat(nvml.link(gpus.get(c.b()), gpus.get(c.a()))).isEqualTo(c.link());
    }
  }

  @Test
  @DisplayName("every NVSwitch profile links every pair of GPUs; PCIe-only ones have no NVLink")
  void everyPair() {
    for (String name : List.of("dgx-h100", "dgx-a100-mig", "hgx-h200", "b200", "gb200-nvl")) {
      try (SimulatedNvml nvml = new SimulatedNvml(loader.load(name), "n")) {
        for (GpuInfo a : nvml.gpus()) {
          for (GpuInfo b : nvml.gpus()) {
            if (a != b) {
              assertThat(nvml.link(a, b).nvlinks()).as(name).isGreaterThanOrEqualTo(12);
            }
          }
        }
      }
    }
  }

  @Test
  @DisplayName("switch paths give SINGLE, MULTIPLE and HOSTBRIDGE; bridges link only their pair")
  void switchesAndBridges() {
    String yaml =
        """
        driverVersion: "580.95.05"
        cudaDriverVersion: 13000
        gpus:
          - {count: 4, model: l40s}
        pci:
          - {busId: "0000:07:00.0", pcieRoot: "pci0000:00", switches: [top, left]}
          - {busId: "0000:08:00.0", pcieRoot: "pci0000:00", switches: [top, left]}
          - {busId: "0000:09:00.0", pcieRoot: "pci0000:00", switches: [top, right]}
          - {busId: "0000:0a:00.0", pcieRoot: "pci0000:00"}
        nvlink:
          bridges:
            - {gpus: [1, 0], links: 4}
        """;
    try (SimulatedNvml nvml = new SimulatedNvml(loader.parse("t", "t.yaml", yaml), "n")) {
      List<GpuInfo> g = nvml.gpus();
      assertThat(nvml.link(g.get(0), g.get(1))).isEqualTo(link(PcieLevel.SINGLE, 4));
      assertThat(nvml.link(g.get(1), g.get(2))).isEqualTo(link(PcieLevel.MULTIPLE, 0));
      assertThat(nvml.link(g.get(2), g.get(3))).isEqualTo(link(PcieLevel.HOSTBRIDGE, 0));
    }
  }

  @Test
  @DisplayName("a GPU has no link to itself, and a lost GPU answers GPU_IS_LOST")
  void edges() {
    try (SimulatedNvml nvml = new SimulatedNvml(loader.load("l40s"), "n")) {
      List<GpuInfo> g = nvml.gpus();
      assertThatThrownBy(() -> nvml.link(g.get(0), g.get(0)))
          .isInstanceOf(IllegalArgumentException.class);
      nvml.loseGpu(g.get(1));
      assertThatThrownBy(() -> nvml.link(g.get(0), g.get(1)))
          .isInstanceOf(NvmlGpuLostException.class);
    }
  }

  private static GpuLink link(PcieLevel level, int nvlinks) {
    return new GpuLink(level, nvlinks);
  }
}
