package dev.gpudra.deviceplugin.pernode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NamedConfigsTest {
  @TempDir Path dir;

  private NamedConfigs configs(String defaultConfig, String fallbacks, String... names)
      throws IOException {
    for (String name : names) {
      Files.writeString(dir.resolve(name), "version: v1\n");
    }
    return new NamedConfigs(
        dir, Optional.ofNullable(defaultConfig), FallbackStrategy.parse(fallbacks));
  }

  private static Optional<String> name(NamedConfigs.Choice choice) {
    return choice.name();
  }

  @Test
  @DisplayName("the label's config wins; a label naming no config is an error listing the configs")
  void label() throws IOException {
    NamedConfigs configs = configs("a", "named,single", "a", "b", "default");

    assertThat(name(configs.choose(Optional.of("b")))).contains("b");
    assertThat(configs.choose(Optional.of("b")).file()).contains(dir.resolve("b"));
    assertThatThrownBy(() -> configs.choose(Optional.of("c")))
        .isInstanceOf(InvalidNamedConfigException.class)
        .hasMessage(
            "nvidia.com/device-plugin.config=c: no config 'c' in "
                + dir
                + " (it has [a, b, default])");
  }

  @Test
  @DisplayName("no label: DEFAULT_CONFIG, else the fallbacks in order (named, single, empty)")
  void fallbacks() throws IOException {
    assertThat(name(configs("a", "named", "a", "default").choose(Optional.empty()))).contains("a");
    Files.delete(dir.resolve("a"));
    assertThat(name(configs(null, "named,single", "x").choose(Optional.empty())))
        .contains("default");
    Files.delete(dir.resolve("default"));
    assertThat(name(configs(null, "named,single").choose(Optional.empty()))).contains("x");
    Files.writeString(dir.resolve("y"), "version: v1\n");
    assertThat(configs(null, "named,single,empty").choose(Optional.empty()).file()).isEmpty();
    assertThatThrownBy(() -> configs(null, "named,single").choose(Optional.empty()))
        .hasMessageContaining("no fallback of [NAMED, SINGLE] applies")
        .hasMessageContaining("[x, y]");
  }

  @Test
  @DisplayName("a ConfigMap mount's ..data entries are not configs; unknown fallbacks are refused")
  void mountAndStrategies() throws IOException {
    Files.createDirectory(dir.resolve("..2026_11_24"));
    Files.createSymbolicLink(dir.resolve("..data"), dir.resolve("..2026_11_24"));
    Files.writeString(dir.resolve("..2026_11_24/only"), "version: v1\n");
    Files.createSymbolicLink(dir.resolve("only"), dir.resolve("..data/only"));

    assertThat(configs(null, "single").names()).isEqualTo(List.of("only"));
    assertThat(name(configs(null, "single").choose(Optional.empty()))).contains("only");
    assertThatThrownBy(() -> FallbackStrategy.parse("named,first"))
        .hasMessage("FALLBACK_STRATEGIES: unknown strategy 'first' (named, single, empty)");
  }
}
