package dev.gpudra.migrate.resources;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.api.v1beta1.SharingStrategy;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ResourceCatalogTest {
  private final ResourceCatalog noConfig = ResourceCatalog.withoutConfig();

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
    "nvidia.com/mig-1g.10gb, 1g.10gb",
    "nvidia.com/mig-1g.10gb.me, 1g.10gb+me",
    "nvidia.com/mig-1g.24gb.me.all, 1g.24gb+me.all",
    "nvidia.com/mig-1g.24gb.gfx, 1g.24gb+gfx",
    "nvidia.com/mig-1g.24gb-me, 1g.24gb-me",
    "nvidia.com/mig-7g.141gb, 7g.141gb",
  })
  @DisplayName(
      "a MIG resource's profile is the driver's: the device plugin's first '.' after gb is '+'")
  void migProfiles(String resource, String profile) {
    assertThat(noConfig.classify(resource))
        .isEqualTo(
            new Classification.Translatable(new PluginDevice.MigDevice(profile), Optional.empty()));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "nvidia.com/mig-1c.2g.10gb",
    "nvidia.com/mig-",
    "nvidia.com/mig-1g.10gb+me",
    "nvidia.com/mig-0g.10gb",
  })
  @DisplayName("MIG names the device plugin never advertises are untranslatable")
  void notMigProfiles(String resource) {
    assertThat(noConfig.classify(resource)).isInstanceOf(Classification.Untranslatable.class);
  }

  @Test
  @DisplayName(
      "renameByDefault shares <name>.shared and leaves <name> whole; without it <name> is shared")
  void sharedNames() {
    PluginConfigText configs = new PluginConfigText();
    ResourceCatalog renamed =
        ResourceCatalog.of(
            configs.parse(
                "sharing: {timeSlicing: {renameByDefault: true, resources: [{name: gpu, replicas:"
                    + " 3}]}}",
                "c.yaml"));
    ResourceCatalog inPlace =
        ResourceCatalog.of(
            configs.parse("sharing: {mps: {resources: [{name: gpu, replicas: 5}]}}", "c.yaml"));
    var whole = new Classification.Translatable(new PluginDevice.WholeGpu(), Optional.empty());

    assertThat(renamed.classify("nvidia.com/gpu")).isEqualTo(whole);
    assertThat(renamed.classify("nvidia.com/gpu.shared"))
        .isEqualTo(
            new Classification.Translatable(
                new PluginDevice.WholeGpu(),
                Optional.of(
                    new SharedResource(
                        SharingStrategy.TIME_SLICING, 3, false, "sharing.timeSlicing"))));
    assertThat(inPlace.classify("nvidia.com/gpu"))
        .isEqualTo(
            new Classification.Translatable(
                new PluginDevice.WholeGpu(),
                Optional.of(new SharedResource(SharingStrategy.MPS, 5, true, "sharing.mps"))));
    assertThat(inPlace.classify("nvidia.com/gpu.shared"))
        .isInstanceOf(Classification.Untranslatable.class);
    assertThat(noConfig.classify("nvidia.com/gpu")).isEqualTo(whole);
  }

  @Test
  @DisplayName("only names under nvidia.com/ are the device plugin's")
  void nvidiaNames() {
    assertThat(ResourceCatalog.isNvidia("nvidia.com/gpu")).isTrue();
    assertThat(ResourceCatalog.isNvidia("amd.com/gpu")).isFalse();
    assertThat(ResourceCatalog.isNvidia("cpu")).isFalse();
  }
}
