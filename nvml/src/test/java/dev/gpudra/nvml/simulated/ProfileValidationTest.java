package dev.gpudra.nvml.simulated;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@DisplayName("A malformed profile is refused with the file, the field path and the problem")
class ProfileValidationTest {
  private static final String HEADER =
      """
      driverVersion: "580.95.05"
      cudaDriverVersion: 13000
      """;
  private static final String CUSTOM_GPU =
      """
        - count: 1
          name: Custom
          brand: Nvidia
          architecture: Hopper
          computeCapability: "9.0"
          memoryMiB: 8192
          pciDeviceId: "0x12345678"
          migMode: Enabled
      """;
  private static final String FOUR_G_TWICE =
      """
          migProfiles:
            - {constant: 4_SLICE, id: 5, instanceCount: 2, multiprocessors: 4, copyEngines: 1,
               decoders: 0, encoders: 0, jpegEngines: 0, ofaEngines: 0, memoryMiB: 4096,
               placements: {size: 4, starts: [0, 4]}}
      """;

  private final ProfileLoader loader = new ProfileLoader();

  record Case(String name, String yaml, String message) {
    @Override
    public String toString() {
      return name;
    }
  }

  private static Case a100(String name, String groupExtra, String message) {
    String yaml = HEADER + "gpus:\n  - model: a100-sxm4-40gb\n    count: 1\n" + groupExtra;
    return new Case(name, yaml, message);
  }

  private static String devices(String... rows) {
    StringBuilder sb = new StringBuilder("    migMode: Enabled\n    migDevices:\n");
    for (String row : rows) {
      sb.append("      - ").append(row).append('\n');
    }
    return sb.toString();
  }

  static Stream<Case> cases() {
    return Stream.of(
            document(), gpuFieldsAndMig(), fabricAndMigTable(), pci(), nvlinks(), yamlAndLimits())
        .flatMap(s -> s);
  }

  /** Top-level keys, driver versions and GPU groups. */
  private static Stream<Case> document() {
    return Stream.of(
        new Case(
            "unknown top-level key",
            HEADER + "gpuz: []\n",
            "gpuz: unknown key (allowed: cudaDriverVersion, driverVersion, gpus, nvlink, pci)"),
        a100(
            "unknown group key", "    memoryMib: 1\n", "gpus[0].memoryMib: unknown key (allowed: "),
        new Case(
            "missing driverVersion",
            "cudaDriverVersion: 13000\ngpus: []\n",
            "driverVersion: missing"),
        new Case(
            "bad driverVersion",
            "driverVersion: latest\ncudaDriverVersion: 13000\n",
            "driverVersion: 'latest' is not like 580.95.05"),
        new Case(
            "bad cudaDriverVersion",
            "driverVersion: \"580.95.05\"\ncudaDriverVersion: 13\n",
            "cudaDriverVersion: expected major*1000 + minor*10, e.g. 13000, got 13"),
        new Case("no gpus", HEADER + "gpus: []\n", "gpus: needs at least one GPU group"),
        new Case("missing count", HEADER + "gpus:\n  - {model: t4}\n", "gpus[0].count: missing"),
        new Case(
            "zero count",
            HEADER + "gpus:\n  - {count: 0, model: t4}\n",
            "gpus[0].count: must be between 1 and 64"),
        new Case(
            "count not a number",
            HEADER + "gpus:\n  - {model: t4, count: two}\n",
            "gpus[0].count: expected an integer, got 'two'"),
        new Case(
            "missing name without a model",
            HEADER + "gpus:\n  - {count: 1}\n",
            "gpus[0].name: missing"),
        new Case(
            "unknown model",
            HEADER + "gpus:\n  - {count: 1, model: a200}\n",
            "gpus[0].model: unknown model a200 (built-in models: a100-sxm4-40gb, a30,"));
  }

  /** A GPU's own fields, and its MIG placements and devices. */
  private static Stream<Case> gpuFieldsAndMig() {
    return Stream.of(
        a100(
            "bad migMode",
            "    migMode: Active\n",
            "gpus[0].migMode: 'Active' is not one of NotSupported, Disabled, Enabled"),
        a100("bad brand", "    brand: Acme\n", "gpus[0].brand: unknown GPU brand: Acme"),
        a100(
            "bad architecture",
            "    architecture: Fermi\n",
            "gpus[0].architecture: unknown GPU architecture: Fermi"),
        a100(
            "compute capability without minor",
            "    computeCapability: \"9\"\n",
            "gpus[0].computeCapability: compute capability must be MAJOR.MINOR: 9"),
        a100(
            "compute capability not numeric",
            "    computeCapability: x.0\n",
            "gpus[0].computeCapability: compute capability must be MAJOR.MINOR: x.0"),
        a100(
            "bad pciDeviceId",
            "    pciDeviceId: \"20B0\"\n",
            "gpus[0].pciDeviceId: '20B0' is not a 32-bit hex ID like 0x20B010DE"),
        a100(
            "bad addressingMode",
            "    addressingMode: NUMA\n",
            "gpus[0].addressingMode: 'NUMA' is not one of NotSupported, None, Hmm, Ats"),
        a100(
            "invalid placement",
            devices("{profile: 3g.20gb, placement: 0}", "{profile: 3g.20gb, placement: 3}"),
            "gpus[0].migDevices[1].placement: 3 is not a valid placement for 3g.20gb (valid: 0, 4)"),
        a100(
            "overlapping placements",
            devices("{profile: 1g.5gb, placement: 0}", "{profile: 1g.10gb, placement: 0}"),
            "gpus[0].migDevices[1].placement: 1g.10gb at 0:2 overlaps 1g.5gb at 0:1 (migDevices[0])"),
        a100(
            "too many instances",
            devices("{profile: 1g.5gb+me, placement: 0}", "{profile: 1g.5gb+me, placement: 1}"),
            "gpus[0].migDevices[1]: more than 1 instances of 1g.5gb+me"),
        a100(
            "unknown MIG profile",
            devices("{profile: 2g.5gb, placement: 0}"),
            "gpus[0].migDevices[0].profile: unknown MIG profile 2g.5gb (known: 1g.10gb, 1g.5gb, "),
        a100(
            "unknown MIG device key",
            devices("{profile: 1g.5gb, start: 0}"),
            "gpus[0].migDevices[0].start: unknown key (allowed: placement, profile)"),
        a100(
            "migDevices with MIG disabled",
            "    migDevices: [{profile: 1g.5gb, placement: 0}]\n",
            "gpus[0].migDevices: only allowed when migMode is Enabled (migMode: Disabled)"),
        a100(
            "MIG table on a GPU without MIG",
            "    migMode: NotSupported\n",
            "gpus[0].migProfiles: must be empty when migMode is NotSupported"),
        new Case(
            "MIG mode without a MIG table",
            HEADER + "gpus:\n  - {count: 1, model: l40s, migMode: Enabled}\n",
            "gpus[0].migMode: Enabled needs a migProfiles table (or migMode NotSupported)"));
  }

  /** Fabric identity and the MIG profile table. */
  private static Stream<Case> fabricAndMigTable() {
    return Stream.of(
        a100(
            "bad cluster UUID",
            "    fabric: {state: Completed, clusterUuid: not-a-uuid}\n",
            "gpus[0].fabric.clusterUuid: 'not-a-uuid' is not a UUID like"),
        a100(
            "short cluster UUID",
            "    fabric: {state: Completed, clusterUuid: 1-1-1-1-1}\n",
            "gpus[0].fabric.clusterUuid: '1-1-1-1-1' is not a UUID like"),
        a100(
            "bad fabric state",
            "    fabric: {state: Done}\n",
            "gpus[0].fabric.state: 'Done' is not one of NotSupported, NotStarted, InProgress, Completed"),
        a100(
            "missing fabric state", "    fabric: {cliqueId: 1}\n", "gpus[0].fabric.state: missing"),
        new Case(
            "more compute slices than the GPU has",
            HEADER
                + "gpus:\n"
                + CUSTOM_GPU
                + FOUR_G_TWICE
                + "    migDevices: [{profile: 4g.4gb, placement: 0}, {profile: 4g.4gb, placement: 4}]\n",
            "gpus[0].migDevices[1]: the devices need 8 compute slices, the GPU has 4"),
        new Case(
            "unknown MIG constant",
            HEADER + "gpus:\n" + CUSTOM_GPU + FOUR_G_TWICE.replace("4_SLICE", "9_SLICE"),
            "gpus[0].migProfiles[0].constant: unknown MIG profile constant: 9_SLICE"),
        new Case(
            "MIG profile larger than the GPU",
            HEADER + "gpus:\n" + CUSTOM_GPU + FOUR_G_TWICE.replace("4096", "9000"),
            "gpus[0].migProfiles[0].memoryMiB: larger than the GPU's memory"),
        new Case(
            "missing MIG engine count",
            HEADER + "gpus:\n" + CUSTOM_GPU + FOUR_G_TWICE.replace("ofaEngines: 0, ", ""),
            "gpus[0].migProfiles[0].ofaEngines: missing"));
  }

  /** PCI entries, root complexes and switches. */
  private static Stream<Case> pci() {
    return Stream.of(
        new Case(
            "pci entries do not match the GPUs",
            HEADER
                + "gpus:\n  - {count: 2, model: t4}\npci:\n  - {busId: \"0000:07:00.0\", pcieRoot: pci0000:00}\n",
            "pci: needs one entry per GPU: 2 GPUs, 1 entries"),
        new Case(
            "bad bus ID",
            HEADER
                + "gpus:\n  - {count: 1, model: t4}\npci:\n  - {busId: \"0000:7:00.0\", pcieRoot: pci0000:00}\n",
            "pci[0]: bus ID must be a lower-case BDF like 0000:07:00.0: 0000:7:00.0"),
        new Case(
            "duplicate bus IDs",
            HEADER
                + "gpus:\n  - {count: 2, model: t4}\npci:\n"
                + "  - {busId: \"0000:07:00.0\", pcieRoot: pci0000:00}\n"
                + "  - {busId: \"0000:07:00.0\", pcieRoot: pci0000:00}\n",
            "pci: PCI bus IDs must be unique"),
        new Case(
            "a root complex on two NUMA nodes",
            HEADER
                + "gpus:\n  - {count: 2, model: t4}\npci:\n"
                + "  - {busId: \"0000:07:00.0\", pcieRoot: pci0000:00, numaNode: 0}\n"
                + "  - {busId: \"0000:0f:00.0\", pcieRoot: pci0000:00, numaNode: 1}\n",
            "pci[1].numaNode: root complex pci0000:00 is on NUMA node 0 in an earlier entry"),
        new Case(
            "a switch under two root complexes",
            HEADER
                + "gpus:\n  - {count: 2, model: t4}\npci:\n"
                + "  - {busId: \"0000:07:00.0\", pcieRoot: pci0000:00, switches: [plx0]}\n"
                + "  - {busId: \"0000:47:00.0\", pcieRoot: pci0000:40, switches: [plx0]}\n",
            "pci[1].switches: switch 'plx0' sits under pci0000:00 in an earlier entry, here under"
                + " pci0000:40"),
        new Case(
            "a bad switch name",
            HEADER
                + "gpus:\n  - {count: 1, model: t4}\npci:\n"
                + "  - {busId: \"0000:07:00.0\", pcieRoot: pci0000:00, switches: [\"a b\"]}\n",
            "pci[0]: switch name must be letters, digits"));
  }

  /** NVSwitch links and NVLink bridges. */
  private static Stream<Case> nvlinks() {
    return Stream.of(
        new Case(
            "too many NVSwitch links",
            HEADER + "gpus:\n  - {count: 2, model: t4}\nnvlink: {nvswitchLinks: 19}\n",
            "nvlink.nvswitchLinks: must be between 1 and 18"),
        new Case(
            "NVSwitch links and bridges",
            HEADER
                + "gpus:\n  - {count: 2, model: t4}\n"
                + "nvlink: {nvswitchLinks: 4, bridges: [{gpus: [0, 1], links: 4}]}\n",
            "nvlink: give nvswitchLinks or bridges, not both"),
        new Case(
            "a bridge to a GPU that does not exist",
            HEADER
                + "gpus:\n  - {count: 2, model: t4}\nnvlink: {bridges: [{gpus: [0, 2], links: 4}]}\n",
            "nvlink.bridges[0].gpus: GPU 2 does not exist; the profile has 2"),
        new Case(
            "a bridge from a GPU to itself",
            HEADER
                + "gpus:\n  - {count: 2, model: t4}\nnvlink: {bridges: [{gpus: [1, 1], links: 4}]}\n",
            "nvlink.bridges[0].gpus: needs two different GPU indices"),
        new Case(
            "a pair bridged twice",
            HEADER
                + "gpus:\n  - {count: 2, model: t4}\nnvlink: {bridges: [{gpus: [0, 1], links: 4},"
                + " {gpus: [1, 0], links: 2}]}\n",
            "nvlink.bridges[1].gpus: GPUs 0 and 1 are bridged twice"),
        new Case(
            "more NVLinks than a GPU has",
            HEADER
                + "gpus:\n  - {count: 3, model: t4}\nnvlink: {bridges: [{gpus: [0, 1], links: 12},"
                + " {gpus: [0, 2], links: 12}]}\n",
            "nvlink.bridges[1].links: GPU 0 would have 24 NVLinks; at most 18"));
  }

  /** Malformed YAML and GPU counts past the limits. */
  private static Stream<Case> yamlAndLimits() {
    return Stream.of(
        new Case(
            "duplicate key",
            HEADER + "driverVersion: \"1.2.3\"\n",
            "not valid YAML: Duplicate field 'driverVersion'"),
        new Case("not a mapping", "- just\n- a list\n", "expected a YAML mapping at the top level"),
        new Case(
            "a hundred million GPUs",
            HEADER + "gpus:\n  - {count: 100000000, model: t4}\n",
            "gpus[0].count: must be between 1 and 64"),
        new Case(
            "more than 64 GPUs over several groups",
            HEADER
                + "gpus:\n  - {count: 40, model: t4}\n  - {count: 40, model: a100-sxm4-40gb,"
                + " migMode: Disabled}\n",
            "gpus: 80 GPUs in all; a node has at most 64"));
  }

  @Test
  @DisplayName("a profile file over 1 MiB is refused before it is read")
  void hugeFile(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
    java.nio.file.Path file = dir.resolve("huge.yaml");
    java.nio.file.Files.writeString(file, HEADER + "#" + "x".repeat(10 * 1024 * 1024) + "\n");

    assertThatThrownBy(() -> loader.load(file.toString()))
        .isInstanceOf(InvalidProfileException.class)
        .hasMessageContaining("a GPU profile has at most 1048576");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  @DisplayName("names the field path and the problem")
  void refused(Case c) {
    assertThatThrownBy(() -> loader.parse("test", "test.yaml", c.yaml()))
        .isInstanceOf(InvalidProfileException.class)
        .hasMessageStartingWith("profile test.yaml: " + c.message());
  }

  @Test
  @DisplayName("the exception carries the source and the field path separately")
  void exceptionParts() {
    InvalidProfileException e =
        org.assertj.core.api.Assertions.catchThrowableOfType(
            InvalidProfileException.class,
            () -> loader.parse("test", "my.yaml", HEADER + "gpus:\n  - {count: 0, model: t4}\n"));
    assertThat(e.source()).isEqualTo("my.yaml");
    assertThat(e.fieldPath()).isEqualTo("gpus[0].count");
  }

  @Test
  @DisplayName("an unknown profile name lists the built-in profiles")
  void unknownProfile() {
    assertThatThrownBy(() -> loader.load("dgx-z100"))
        .isInstanceOf(ProfileNotFoundException.class)
        .hasMessage(
            "unknown GPU profile 'dgx-z100': not a built-in profile (b200, dgx-a100, "
                + "dgx-a100-mig, dgx-h100, gb200-nvl, hgx-h200, l40s, t4) and no such file");
  }
}
