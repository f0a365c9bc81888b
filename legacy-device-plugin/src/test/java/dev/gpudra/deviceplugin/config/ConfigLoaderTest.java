package dev.gpudra.deviceplugin.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class ConfigLoaderTest {
  private final ConfigLoader loader = new ConfigLoader();

  private DevicePluginConfig file(String yaml) {
    return loader.parse(yaml, "config.yaml", Map.of(), Map.of());
  }

  private static final String EVERY_FIELD =
      """
      version: v1
      flags:
        migStrategy: mixed
        failOnInitError: false
        mpsRoot: /run/nvidia/mps
        nvidiaDriverRoot: /run/nvidia/driver
        nvidiaDevRoot: /
        gdrcopyEnabled: true
        gdsEnabled: true
        mofedEnabled: true
        useNodeFeatureAPI: false
        deviceDiscoveryStrategy: nvml
        plugin:
          passDeviceSpecs: true
          deviceListStrategy: [cdi-annotations, cdi-cri]
          deviceIDStrategy: index
          cdiAnnotationPrefix: cdi.example.com/
          nvidiaCTKPath: /usr/local/bin/nvidia-cdi-hook
          containerDriverRoot: /host-driver
          sharedDevicesAllocationPolicy: packed
        gfd:
          oneshot: true
          noTimestamp: true
          sleepInterval: infinite
          outputFile: /tmp/gfd
          machineTypeFile: /tmp/product
      resources:
        gpus: []
        mig: []
      sharing:
        timeSlicing:
          renameByDefault: true
          failRequestsGreaterThanOne: true
          resources:
          - name: nvidia.com/gpu
            devices: all
            replicas: 4
      imex:
        channelIDs: [0]
        required: true
      """;

  @Test
  @DisplayName("no file, no env, no flag: NVIDIA's defaults")
  void defaults() {
    DevicePluginConfig config = loader.load(Optional.empty(), Map.of(), Map.of());

    assertThat(config.version()).isEqualTo("v1");
    Flags flags = config.flags();
    assertThat(flags.migStrategy()).isEqualTo(MigStrategy.NONE);
    assertThat(flags.failOnInitError()).isTrue();
    assertThat(flags.mpsRoot()).isEmpty();
    assertThat(flags.nvidiaDriverRoot()).isEqualTo("/");
    assertThat(flags.nvidiaDevRoot()).isEqualTo("/");
    assertThat(flags.deviceDiscoveryStrategy()).isEqualTo(DiscoveryStrategy.AUTO);
    assertThat(flags.plugin().deviceListStrategy()).containsExactly(DeviceListStrategy.ENVVAR);
    assertThat(flags.plugin().deviceIdStrategy()).isEqualTo(DeviceIdStrategy.UUID);
    assertThat(flags.plugin().cdiAnnotationPrefix()).isEqualTo("cdi.k8s.io/");
    assertThat(flags.plugin().nvidiaCtkPath()).isEqualTo("/usr/bin/nvidia-ctk");
    assertThat(flags.plugin().containerDriverRoot()).isEqualTo("/driver-root");
    assertThat(flags.plugin().sharedDevicesAllocationPolicy())
        .isEqualTo(AllocationPolicy.DISTRIBUTED);
    assertThat(flags.gfd().sleepInterval()).isEqualTo("60s");
    assertThat(config.sharing()).isNull();
    assertThat(config.imex().channelIds()).isEmpty();
  }

  @Test
  @DisplayName("every field of NVIDIA's schema is read")
  void everyField() {
    DevicePluginConfig config = file(EVERY_FIELD);

    assertThat(config.flags().migStrategy()).isEqualTo(MigStrategy.MIXED);
    assertThat(config.flags().failOnInitError()).isFalse();
    assertThat(config.flags().nvidiaDevRoot()).isEqualTo("/");
    assertThat(config.flags().gdrcopyEnabled()).isTrue();
    assertThat(config.flags().useNodeFeatureApi()).isFalse();
    assertThat(config.flags().plugin().deviceListStrategy())
        .containsExactly(DeviceListStrategy.CDI_ANNOTATIONS, DeviceListStrategy.CDI_CRI);
    assertThat(config.flags().plugin().deviceIdStrategy()).isEqualTo(DeviceIdStrategy.INDEX);
    assertThat(config.flags().plugin().sharedDevicesAllocationPolicy())
        .isEqualTo(AllocationPolicy.PACKED);
    assertThat(config.flags().gfd().oneshot()).isTrue();
    ReplicatedResources slicing = config.sharing().timeSlicing();
    assertThat(slicing.renameByDefault()).isTrue();
    assertThat(slicing.failRequestsGreaterThanOne()).isTrue();
    assertThat(slicing.resources().getFirst().replicas()).isEqualTo(4);
    assertThat(config.imex().channelIds()).containsExactly(0);
    assertThat(config.imex().required()).isTrue();
  }

  @Test
  @DisplayName("JSON is read too; a missing version is v1; another version is refused")
  void versions() {
    assertThat(file("{\"flags\": {\"migStrategy\": \"single\"}}").flags().migStrategy())
        .isEqualTo(MigStrategy.SINGLE);
    assertThatThrownBy(() -> file("version: v2\n"))
        .isInstanceOf(InvalidPluginConfigException.class)
        .hasMessage("config.yaml: version: unsupported version \"v2\", want \"v1\"");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "flags: {plugin: {deviceListStratgy: envvar}}"
            + " | config.yaml: flags.plugin.deviceListStratgy: unknown field",
        "flags: {migStrategy: dual}"
            + " | config.yaml: flags.migStrategy: unknown value \"dual\", want one of none,"
            + " single, mixed",
        "flags: {plugin: {deviceListStrategy: [envvar, cdi]}}"
            + " | config.yaml: flags.plugin.deviceListStrategy.1: unknown value \"cdi\", want one"
            + " of envvar, volume-mounts, cdi-annotations, cdi-cri",
        "flags: {failOnInitError: \"yes\"}"
            + " | config.yaml: flags.failOnInitError: wrong type: expected a boolean",
        "flags: 5 | config.yaml: flags: wrong type: expected an object",
        "sharing: {mps: {resources: {name: gpu, replicas: 2}}}"
            + " | config.yaml: sharing.mps.resources: wrong type: expected a list",
        "imex: {channelIDs: [1]} | config.yaml: imex.channelIDs: only [] or [0] is supported,"
            + " got [1]",
        "flags: {gfd: {sleepInterval: forever}}"
            + " | config.yaml: flags.gfd.sleepInterval: \"forever\" is not a duration (such as"
            + " 15s, 1m30s, 1.5h or 500ms) or infinite",
        "resources: {gpus: [{pattern: '*', name: gpu}]}"
            + " | config.yaml: resources.gpus: custom resource names are not supported (NVIDIA's"
            + " plugin ignores them with a warning): leave it out",
        "flags: {deviceDiscoveryStrategy: tegra, plugin: {deviceListStrategy: cdi-cri}}"
            + " | config.yaml: flags.plugin.deviceListStrategy: the CDI strategies need NVML, and"
            + " flags.deviceDiscoveryStrategy is tegra",
      })
  @DisplayName("a bad field is refused, naming the file and the field")
  void badFields(String yaml, String message) {
    assertThatThrownBy(() -> file(yaml))
        .isInstanceOf(InvalidPluginConfigException.class)
        .hasMessage(message);
  }

  /** A malformed file and the one line it is refused with. */
  record Malformed(String name, String yaml, String message) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Malformed> malformedFiles() {
    return Stream.of(
        new Malformed(
            "an unclosed flow list",
            "flags:\n  migStrategy: [\n",
            "config.yaml: line 3, column 1: not YAML or JSON: while parsing a flow node: expected"
                + " the node content, but found '<stream end>'"),
        new Malformed(
            "a tab as indentation",
            "flags:\n\tmigStrategy: none\n",
            "config.yaml: line 2, column 1: not YAML or JSON: while scanning for the next token:"
                + " found character '\\t(TAB)' that cannot start any token. (Do not use \\t(TAB)"
                + " for indentation)"),
        new Malformed(
            "a mapping in a plain value",
            "version: v1\nflags: {migStrategy: a: b}\n",
            "config.yaml: line 2, column 23: not YAML or JSON: while parsing a flow mapping:"
                + " expected ',' or '}', but got :"),
        new Malformed(
            "a field twice",
            "flags: {migStrategy: single, migStrategy: none}",
            "config.yaml: line 1, column 41: not YAML or JSON: Duplicate field 'migStrategy'"),
        new Malformed(
            "broken JSON",
            "{\"flags\": {},,}",
            "config.yaml: line 1, column 14: not YAML or JSON: while parsing a flow node: expected"
                + " the node content, but found ','"),
        new Malformed(
            "a line break in a value",
            "flags: {migStrategy: \"a\\nb\"}",
            "config.yaml: flags.migStrategy: unknown value \"a\\nb\", want one of none, single,"
                + " mixed"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("malformedFiles")
  @DisplayName("a malformed file is refused in one line naming the file, the line and the column")
  void malformed(Malformed file) {
    assertThatThrownBy(() -> file(file.yaml()))
        .isInstanceOf(InvalidPluginConfigException.class)
        .hasMessage(file.message())
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n", "\r"));
  }

  @Test
  @DisplayName(
      "a huge value echoed in an error is cut in the middle: the field and what is wanted stay")
  void hugeValue() {
    String value = "x".repeat(100_000);

    assertThatThrownBy(() -> file("flags: {migStrategy: " + value + "}"))
        .isInstanceOf(InvalidPluginConfigException.class)
        .satisfies(e -> {
          assertThat(e.getMessage())
              .hasSizeLessThanOrEqualTo(InvalidPluginConfigException.MAX_MESSAGE)
              .startsWith("config.yaml: flags.migStrategy: unknown value \"xxx")
              .contains(" ... (98", " characters left out) ... ")
              .endsWith("xxx\", want one of none, single, mixed");
        });
  }

  @Test
  @DisplayName("a flag beats its env variable, which beats the file; only what is set counts")
  void precedence() {
    String yaml = "flags: {migStrategy: single}\n";
    assertThat(loader.parse(yaml, "f", Map.of(), Map.of()).flags().migStrategy())
        .isEqualTo(MigStrategy.SINGLE);
    assertThat(
            loader
                .parse(yaml, "f", Map.of("MIG_STRATEGY", "mixed"), Map.of())
                .flags()
                .migStrategy())
        .isEqualTo(MigStrategy.MIXED);
    assertThat(
            loader
                .parse(yaml, "f", Map.of("MIG_STRATEGY", "mixed"), Map.of("--mig-strategy", "none"))
                .flags()
                .migStrategy())
        .isEqualTo(MigStrategy.NONE);
  }

  @Test
  @DisplayName(
      "env values in Go's spellings: booleans, comma lists; the dev root follows the driver root")
  void envValues() {
    DevicePluginConfig config =
        loader.load(
            Optional.empty(),
            Map.of(
                "FAIL_ON_INIT_ERROR", "F",
                "DEVICE_LIST_STRATEGY", "envvar,cdi-cri",
                "NVIDIA_DRIVER_ROOT", "/run/nvidia/driver",
                "IMEX_CHANNEL_IDS", "0",
                "NVIDIA_CTK_PATH", "/opt/hook"),
            Map.of());

    assertThat(config.flags().failOnInitError()).isFalse();
    assertThat(config.flags().plugin().deviceListStrategy())
        .containsExactly(DeviceListStrategy.ENVVAR, DeviceListStrategy.CDI_CRI);
    assertThat(config.flags().nvidiaDevRoot()).isEqualTo("/run/nvidia/driver");
    assertThat(config.imex().channelIds()).containsExactly(0);
    assertThat(config.flags().plugin().nvidiaCtkPath()).isEqualTo("/opt/hook");
  }

  @Test
  @DisplayName("a bad env or flag value is refused naming the env variable or the flag")
  void badOverrides() {
    assertThatThrownBy(
            () -> loader.load(Optional.empty(), Map.of("PASS_DEVICE_SPECS", "yes"), Map.of()))
        .hasMessage(
            "env PASS_DEVICE_SPECS (flags.plugin.passDeviceSpecs): \"yes\" is not a boolean (true,"
                + " false, 1, 0, t, f)");
    assertThatThrownBy(
            () -> loader.load(Optional.empty(), Map.of(), Map.of("--device-id-strategy", "serial")))
        .hasMessage(
            "flag --device-id-strategy: flags.plugin.deviceIDStrategy: unknown value \"serial\","
                + " want one of uuid, index");
  }

  @Test
  @DisplayName(
      "sharing: names get nvidia.com/, MPS refuses requests over one by default, time-slicing not")
  void sharingDefaults() {
    DevicePluginConfig slicing =
        file("sharing: {timeSlicing: {resources: [{name: gpu, replicas: 2}]}}\n");
    assertThat(slicing.sharing().timeSlicing().failRequestsGreaterThanOne()).isFalse();
    assertThat(slicing.sharing().timeSlicing().resources().getFirst().resourceName())
        .isEqualTo("nvidia.com/gpu");

    DevicePluginConfig mps =
        file(
            "flags: {mpsRoot: /run/nvidia/mps}\n"
                + "sharing: {mps: {resources: [{name: nvidia.com/gpu, replicas: 10}]}}\n");
    assertThat(mps.sharing().mps().failRequestsGreaterThanOne()).isTrue();
  }

  @Test
  @DisplayName(
      "replicas past what one ListAndWatch response carries are refused before any is made")
  void replicasBound() {
    assertThatThrownBy(() ->
            file("sharing: {timeSlicing: {resources: [{name: gpu, replicas: 2000000000}]}}\n"))
        .hasMessage(
            "config.yaml: sharing.timeSlicing.resources.0.replicas: at most 32768 (the devices of"
                + " one resource must fit one ListAndWatch response), got 2000000000");
  }

  @Test
  @DisplayName("sharing problems are all named at once: replicas, rename, devices subset, MPS root")
  void sharingProblems() {
    String yaml =
        """
        sharing:
          mps:
            resources:
            - name: nvidia.com/gpu
              rename: gpu.mps
              devices: [0, 1]
              replicas: 1
        """;
    assertThatThrownBy(() -> file(yaml))
        .hasMessage(
            String.join(
                "; ",
                List.of(
                    "config.yaml: sharing.mps.resources.0.replicas: at least 2, got 1",
                    "config.yaml: sharing.mps.resources.0.rename: not supported (NVIDIA's plugin"
                        + " ignores it with a warning): use renameByDefault",
                    "config.yaml: sharing.mps.resources.0.devices: only \"all\" is supported"
                        + " (NVIDIA's plugin ignores a subset with a warning)",
                    "config.yaml: flags.mpsRoot: using MPS requires --mps-root to be specified")));
    assertThatThrownBy(() ->
            file(
                "sharing: {timeSlicing: {resources: [{name: gpu, replicas: 2}]},"
                    + " mps: {resources: [{name: gpu, replicas: 2}]}}\n"
                    + "flags: {mpsRoot: /m}\n"))
        .hasMessageStartingWith(
            "config.yaml: sharing: timeSlicing and mps exclude each other: pick one");
  }
}
