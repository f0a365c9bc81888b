package dev.gpudra.operator.render.nvidia.migmanager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.operator.render.nvidia.migmanager.MigPartedDefaults.MigGpu;
import dev.gpudra.operator.render.nvidia.migmanager.MigPartedDefaults.MigProfileCount;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The layouts of NVIDIA's {@code default-mig-parted-config}, read back as mig-parted reads them.
 */
class MigManagerDefaultLayoutsTest {
  private static final String A100_40 = "0x20B010DE";
  private static final String A100_80 = "0x20B210DE";
  private static final String H100_SXM = "0x233010DE";
  private static final String H200 = "0x233510DE";
  private static final String A30 = "0x20B710DE";

  private static Map<String, List<Map<String, Object>>> configs;

  @BeforeAll
  static void parse() throws IOException {
    Map<String, Object> file =
        new ObjectMapper(new YAMLFactory())
            .readValue(MigManagerDefaultLayouts.yaml(), new TypeReference<>() {});
    assertThat(file).containsOnlyKeys("version", "mig-configs").containsEntry("version", "v1");
    @SuppressWarnings("unchecked")
    var read = (Map<String, List<Map<String, Object>>>) file.get("mig-configs");
    configs = read;
  }

  /** The entry of {@code config} whose device filter holds {@code deviceId}. */
  private static Map<String, Object> entry(String config, String deviceId) {
    return configs.get(config).stream()
        .filter(e -> ((List<?>) e.get("device-filter")).contains(deviceId))
        .reduce((a, b) -> {
          throw new AssertionError(config + " filters " + deviceId + " twice");
        })
        .orElseThrow(() -> new AssertionError(config + " has no entry for " + deviceId));
  }

  @Test
  @DisplayName("all-disabled and all-enabled apply to every GPU, unfiltered")
  void disabledAndEnabledForEveryGpu() {
    assertThat(configs.get("all-disabled"))
        .containsExactly(Map.of("devices", "all", "mig-enabled", false));
    assertThat(configs.get("all-enabled"))
        .containsExactly(Map.of("devices", "all", "mig-enabled", true, "mig-devices", Map.of()));
  }

  @Test
  @DisplayName("a profile's config fills each GPU that has it, filtered by its device ID")
  void perProfileConfigsFillTheGpu() {
    assertThat(entry("all-1g.5gb", A100_40))
        .containsEntry("devices", "all")
        .containsEntry("mig-enabled", true)
        .containsEntry("device-filter", List.of(A100_40))
        .containsEntry("mig-devices", Map.of("1g.5gb", 7));
    assertThat(entry("all-1g.10gb", A100_40)).containsEntry("mig-devices", Map.of("1g.10gb", 4));
    assertThat(entry("all-1g.10gb", H100_SXM)).containsEntry("mig-devices", Map.of("1g.10gb", 7));
    assertThat(entry("all-1g.10gb", A100_80)).isSameAs(entry("all-1g.10gb", H100_SXM));
    assertThat(entry("all-1g.10gb.me", H100_SXM))
        .containsEntry("mig-devices", Map.of("1g.10gb+me", 1));
    assertThat(entry("all-7g.141gb", H200)).containsEntry("mig-devices", Map.of("7g.141gb", 1));
    assertThat(entry("all-2g.12gb.me", A30)).containsEntry("mig-devices", Map.of("2g.12gb+me", 1));
    assertThat(configs.get("all-1g.5gb")).hasSize(1);
    assertThat(configs.get("all-1g.10gb")).hasSize(2);
  }

  @Test
  @DisplayName("all-balanced gives each family its facts' mix")
  void balancedMixes() {
    assertThat(entry("all-balanced", H100_SXM))
        .containsEntry("mig-devices", Map.of("1g.10gb", 2, "2g.20gb", 1, "3g.40gb", 1));
    assertThat(entry("all-balanced", A100_40))
        .containsEntry("mig-devices", Map.of("1g.5gb", 2, "2g.10gb", 1, "3g.20gb", 1));
    assertThat(entry("all-balanced", H200))
        .containsEntry("mig-devices", Map.of("1g.18gb", 2, "2g.35gb", 1, "3g.71gb", 1));
    assertThat(entry("all-balanced", A30))
        .containsEntry("mig-devices", Map.of("1g.6gb", 2, "2g.12gb", 1));
    assertThat(entry("all-balanced", "0x232110DE"))
        .containsEntry("mig-devices", Map.of("1g.12gb", 2, "2g.24gb", 1, "3g.47gb", 1));
    assertThat(configs.get("all-balanced")).hasSameSizeAs(MigPartedDefaults.GPUS);
  }

  static Stream<MigGpu> gpus() {
    return MigPartedDefaults.GPUS.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("gpus")
  @DisplayName("every profile of a GPU has its all-<profile> config, and no mix overfills it")
  void everyProfileIsNamedAndMixesFit(MigGpu gpu) {
    for (MigProfileCount profile : gpu.profiles()) {
      assertThat(entry(profile.configName(), gpu.deviceIds().getFirst()))
          .containsEntry("mig-devices", Map.of(profile.profile(), profile.count()));
    }
    int slices = gpu.deviceIds().contains(A30) ? 4 : 7;
    int used =
        gpu.balanced().stream()
            .mapToInt(p -> p.count() * Integer.parseInt(p.profile().substring(0, 1)))
            .sum();
    assertThat(used).isLessThanOrEqualTo(slices);
    Set<String> offered = new TreeSet<>();
    gpu.profiles().forEach(p -> offered.add(p.profile()));
    gpu.balanced().forEach(p -> assertThat(offered).contains(p.profile()));
  }

  @Test
  @DisplayName("a device ID appears once per config: one entry decides each GPU")
  void noDeviceIdTwiceInAConfig() {
    configs.forEach((name, entries) -> {
      List<Object> ids =
          entries.stream()
              .filter(e -> e.containsKey("device-filter"))
              .flatMap(e -> ((List<?>) e.get("device-filter")).stream())
              .map(Object.class::cast)
              .toList();
      assertThat(ids).as(name).doesNotHaveDuplicates();
    });
  }

  @Test
  @DisplayName("the table refuses what mig-parted could not match or apply")
  void recordsValidate() {
    assertThatThrownBy(() -> new MigProfileCount("1g.5GB", 7))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new MigProfileCount("1g.5gb", 0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() ->
            new MigGpu(
                "x", List.of("0x20b010de"), List.of(new MigProfileCount("1g.5gb", 7)), List.of()))
        .hasMessageContaining("0x20b010de");
  }
}
