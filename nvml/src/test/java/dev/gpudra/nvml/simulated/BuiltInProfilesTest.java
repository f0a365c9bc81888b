package dev.gpudra.nvml.simulated;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.nvml.AddressingMode;
import dev.gpudra.nvml.Architecture;
import dev.gpudra.nvml.Brand;
import dev.gpudra.nvml.FabricState;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.MigDevice;
import dev.gpudra.nvml.MigMode;
import dev.gpudra.nvml.MigProfile;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@DisplayName("Built-in profiles report what real NVML reports on that hardware")
class BuiltInProfilesTest {
  private final ProfileLoader loader = new ProfileLoader();

  record Expected(
      String profile,
      int gpus,
      String name,
      Architecture architecture,
      String computeCapability,
      long memoryMiB,
      long pciDeviceId,
      MigMode migMode,
      List<String> migProfileNames) {
    @Override
    public String toString() {
      return profile;
    }
  }

  private static final List<String> A100 =
      List.of("1g.5gb", "2g.10gb", "3g.20gb", "4g.20gb", "7g.40gb", "1g.5gb+me", "1g.10gb");
  private static final List<String> H100 =
      List.of("1g.10gb", "2g.20gb", "3g.40gb", "4g.40gb", "7g.80gb", "1g.10gb+me", "1g.20gb");
  private static final List<String> H200 =
      List.of("1g.18gb", "2g.35gb", "3g.71gb", "4g.71gb", "7g.141gb", "1g.18gb+me", "1g.35gb");
  private static final List<String> B200 =
      List.of("1g.23gb", "2g.45gb", "3g.90gb", "4g.90gb", "7g.180gb", "1g.23gb+me", "1g.45gb");
  private static final List<String> GB200 =
      List.of("1g.23gb", "2g.47gb", "3g.93gb", "4g.93gb", "7g.186gb", "1g.23gb+me", "1g.47gb");

  static Stream<Expected> builtIns() {
    return Stream.of(ampereAndHopper(), blackwellAdaAndTuring()).flatMap(s -> s);
  }

  /** The A100 and H100/H200 systems. */
  private static Stream<Expected> ampereAndHopper() {
    return Stream.of(
        new Expected(
            "dgx-a100",
            8,
            "NVIDIA A100-SXM4-40GB",
            Architecture.AMPERE,
            "8.0",
            40536,
            0x20B010DEL,
            MigMode.DISABLED,
            A100),
        new Expected(
            "dgx-a100-mig",
            8,
            "NVIDIA A100-SXM4-40GB",
            Architecture.AMPERE,
            "8.0",
            40536,
            0x20B010DEL,
            MigMode.ENABLED,
            A100),
        new Expected(
            "dgx-h100",
            8,
            "NVIDIA H100 80GB HBM3",
            Architecture.HOPPER,
            "9.0",
            81559,
            0x233010DEL,
            MigMode.DISABLED,
            H100),
        new Expected(
            "hgx-h200",
            8,
            "NVIDIA H200",
            Architecture.HOPPER,
            "9.0",
            143771,
            0x233510DEL,
            MigMode.DISABLED,
            H200));
  }

  /** The Blackwell systems, the L40S and the T4. */
  private static Stream<Expected> blackwellAdaAndTuring() {
    return Stream.of(
        new Expected(
            "b200",
            8,
            "NVIDIA B200",
            Architecture.BLACKWELL,
            "10.0",
            183359,
            0x290110DEL,
            MigMode.DISABLED,
            B200),
        new Expected(
            "gb200-nvl",
            4,
            "NVIDIA GB200",
            Architecture.BLACKWELL,
            "10.0",
            189471,
            0x294110DEL,
            MigMode.DISABLED,
            GB200),
        new Expected(
            "l40s",
            4,
            "NVIDIA L40S",
            Architecture.ADA,
            "8.9",
            46068,
            0x26B910DEL,
            MigMode.NOT_SUPPORTED,
            List.of()),
        new Expected(
            "t4",
            4,
            "Tesla T4",
            Architecture.TURING,
            "7.5",
            15360,
            0x1EB810DEL,
            MigMode.NOT_SUPPORTED,
            List.of()));
  }

  @Test
  @DisplayName("every built-in name is covered here")
  void everyBuiltInIsCovered() {
    assertThat(builtIns().map(Expected::profile))
        .containsExactlyInAnyOrderElementsOf(loader.builtInNames());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("builtIns")
  @DisplayName("GPU identity, memory and MIG profile names come from the reference tables")
  void identity(Expected e) {
    GpuProfile profile = loader.load(e.profile());
    try (SimulatedNvml nvml = new SimulatedNvml(profile, "node-a")) {
      assertThat(nvml.system().driverVersion()).isEqualTo("580.95.05");
      assertThat(nvml.system().cudaDriverVersion()).isEqualTo(13000);
      List<GpuInfo> gpus = nvml.gpus();
      assertThat(gpus).hasSize(e.gpus());
      assertThat(profile.groups().getFirst().model().pciDeviceId()).isEqualTo(e.pciDeviceId());
      for (int i = 0; i < gpus.size(); i++) {
        GpuInfo gpu = gpus.get(i);
        assertThat(gpu.index()).isEqualTo(i);
        assertThat(gpu.minor()).isEqualTo(i);
        assertThat(gpu.name()).isEqualTo(e.name());
        assertThat(gpu.brand()).isEqualTo(Brand.NVIDIA);
        assertThat(gpu.architecture()).isEqualTo(e.architecture());
        assertThat(gpu.computeCapability()).hasToString(e.computeCapability());
        assertThat(gpu.memoryBytes()).isEqualTo(e.memoryMiB() * 1024 * 1024);
        assertThat(nvml.migProfiles(gpu))
            .extracting(MigProfile::name)
            .containsExactlyElementsOf(e.migProfileNames());
      }
      assertThat(gpus.getFirst().migMode()).isEqualTo(e.migMode());
      assertThat(gpus).extracting(GpuInfo::pciBusId).doesNotHaveDuplicates();
    }
  }

  @Test
  @DisplayName("dgx-a100-mig: GPU 0 has seven 1g.5gb, GPU 1 two 3g.20gb, GPUs 2-7 are whole")
  void dgxA100Mig() {
    try (SimulatedNvml nvml = new SimulatedNvml(loader.load("dgx-a100-mig"), "node-a")) {
      List<GpuInfo> gpus = nvml.gpus();
      List<MigDevice> gpu0 = nvml.migDevices(gpus.get(0));
      assertThat(gpu0).extracting(d -> d.profile().name()).containsOnly("1g.5gb").hasSize(7);
      assertThat(gpu0).extracting(d -> d.placement().start()).containsExactly(0, 1, 2, 3, 4, 5, 6);
      assertThat(gpu0).extracting(MigDevice::gpuInstanceId).containsExactly(1, 2, 3, 4, 5, 6, 7);
      assertThat(gpu0).extracting(MigDevice::computeInstanceId).containsOnly(0);
      assertThat(gpu0.getFirst().profile().id()).isEqualTo(19);
      assertThat(gpu0.getFirst().resources().multiprocessors()).isEqualTo(14);
      assertThat(gpu0.getFirst().resources().memoryMiB()).isEqualTo(4864);

      List<MigDevice> gpu1 = nvml.migDevices(gpus.get(1));
      assertThat(gpu1).extracting(d -> d.profile().name()).containsExactly("3g.20gb", "3g.20gb");
      assertThat(gpu1).extracting(d -> d.placement().toString()).containsExactly("0:4", "4:4");
      assertThat(gpu1.getFirst().profile().id()).isEqualTo(9);

      for (GpuInfo gpu : gpus.subList(2, 8)) {
        assertThat(gpu.migMode()).isEqualTo(MigMode.DISABLED);
        assertThat(nvml.migDevices(gpu)).isEmpty();
        assertThat(nvml.migProfiles(gpu)).hasSize(7);
      }
    }
  }

  @Test
  @DisplayName("the A100 MIG table carries real profile IDs, engines and placements")
  void a100MigTable() {
    List<MigProfile> table = loader.load("dgx-a100").groups().getFirst().model().migProfiles();
    MigProfile oneG10 =
        table.stream().filter(p -> p.name().equals("1g.10gb")).findFirst().orElseThrow();
    assertThat(oneG10.id()).isEqualTo(15);
    assertThat(oneG10.constant()).isEqualTo(9);
    assertThat(oneG10.instanceCount()).isEqualTo(4);
    assertThat(oneG10.placements())
        .extracting(Object::toString)
        .containsExactly("0:2", "2:2", "4:2", "6:2");
    MigProfile sevenG =
        table.stream().filter(p -> p.name().equals("7g.40gb")).findFirst().orElseThrow();
    assertThat(sevenG.resources().multiprocessors()).isEqualTo(98);
    assertThat(sevenG.resources().ofaEngines()).isEqualTo(1);
    assertThat(sevenG.placements()).extracting(Object::toString).containsExactly("0:8");
  }

  @Test
  @DisplayName("DGX A100 uses its real bus IDs, two GPUs per PCIe root")
  void dgxPciLayout() {
    try (SimulatedNvml nvml = new SimulatedNvml(loader.load("dgx-a100"), "node-a")) {
      assertThat(nvml.gpus())
          .extracting(GpuInfo::pciBusId)
          .containsExactly(
              "0000:07:00.0",
              "0000:0f:00.0",
              "0000:47:00.0",
              "0000:4e:00.0",
              "0000:87:00.0",
              "0000:90:00.0",
              "0000:b7:00.0",
              "0000:bd:00.0");
      assertThat(nvml.gpus())
          .extracting(GpuInfo::pcieRoot)
          .containsExactly(
              "pci0000:00",
              "pci0000:00",
              "pci0000:40",
              "pci0000:40",
              "pci0000:80",
              "pci0000:80",
              "pci0000:a0",
              "pci0000:a0");
    }
  }

  @Test
  @DisplayName("fabric: none on A100/L40S/T4, zero UUID on H100/H200, one shared clique on GB200")
  void fabric() {
    for (String name : List.of("dgx-a100", "l40s", "t4")) {
      try (SimulatedNvml nvml = new SimulatedNvml(loader.load(name), "n")) {
        assertThat(nvml.gpus()).allSatisfy(g -> assertThat(nvml.fabricInfo(g)).isEmpty());
      }
    }
    for (String name : List.of("dgx-h100", "hgx-h200")) {
      try (SimulatedNvml nvml = new SimulatedNvml(loader.load(name), "n")) {
        assertThat(nvml.gpus())
            .allSatisfy(g ->
                assertThat(nvml.fabricInfo(g))
                    .hasValueSatisfying(f -> {
                      assertThat(f.state()).isEqualTo(FabricState.COMPLETED);
                      assertThat(f.multiNode()).isFalse();
                      assertThat(f.cliqueId()).isZero();
                    }));
      }
    }
    try (SimulatedNvml nvml = new SimulatedNvml(loader.load("gb200-nvl"), "n")) {
      assertThat(nvml.gpus())
          .extracting(g -> nvml.fabricInfo(g).orElseThrow().cliqueName())
          .containsOnly("4c3d2b1a-5e6f-4a7b-8c9d-0e1f2a3b4c5d.32766");
      assertThat(nvml.fabricInfo(nvml.gpus().getFirst()).orElseThrow().clusterUuid())
          .isNotEqualTo(new UUID(0, 0));
      assertThat(nvml.gpus()).extracting(GpuInfo::addressingMode).containsOnly(AddressingMode.ATS);
    }
  }
}
