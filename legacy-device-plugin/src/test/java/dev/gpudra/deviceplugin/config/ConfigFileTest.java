package dev.gpudra.deviceplugin.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The config file as the loader reads it: within a bound, as UTF-8, errors in one line. */
class ConfigFileTest {
  @TempDir Path dir;

  private final ConfigLoader loader = new ConfigLoader();

  private String refusal(Path file) {
    Throwable thrown = catchThrowable(() -> loader.load(Optional.of(file), Map.of(), Map.of()));
    assertThat(thrown).isInstanceOf(InvalidPluginConfigException.class);
    assertThat(thrown.getMessage()).doesNotContain("\n");
    return thrown.getMessage();
  }

  @Test
  @DisplayName("a file over 1 MiB is refused without being read whole, naming the file and bound")
  void tooLarge() throws IOException {
    Path file = dir.resolve("big.yaml");
    Files.writeString(file, "# " + "x".repeat(ConfigFile.MAX_BYTES) + "\n");

    assertThat(refusal(file))
        .isEqualTo(file + ": larger than 1048576 bytes (1 MiB), the most a config may be");
  }

  @Test
  @DisplayName("an endless file (/dev/zero) is refused at the bound, not read until memory ends")
  void endless() {
    assertThat(refusal(Path.of("/dev/zero")))
        .isEqualTo("/dev/zero: larger than 1048576 bytes (1 MiB), the most a config may be");
  }

  @Test
  @DisplayName("bytes that are not UTF-8 are refused as such, naming the file")
  void notUtf8() throws IOException {
    Path file = dir.resolve("latin1.yaml");
    Files.write(file, new byte[] {'a', ':', ' ', (byte) 0xE9, '\n'});

    assertThat(refusal(file)).isEqualTo(file + ": not UTF-8 text");
  }

  @Test
  @DisplayName("a missing file or a directory: cannot read, naming the file and why")
  void unreadable() {
    assertThat(refusal(dir.resolve("none.yaml")))
        .isEqualTo("cannot read the config file " + dir.resolve("none.yaml") + ": no such file");
    assertThat(refusal(dir)).startsWith("cannot read the config file " + dir + ": IOException");
  }

  @Test
  @DisplayName("a file at the bound is read, and an empty one is every default")
  void withinBound() throws IOException {
    Path file = dir.resolve("padded.yaml");
    String yaml = "flags: {migStrategy: single}\n";
    Files.writeString(file, yaml + "#".repeat(ConfigFile.MAX_BYTES - yaml.length()));
    assertThat(loader.load(Optional.of(file), Map.of(), Map.of()).flags().migStrategy())
        .isEqualTo(MigStrategy.SINGLE);

    Path empty = Files.writeString(dir.resolve("empty.yaml"), "");
    assertThat(loader.load(Optional.of(empty), Map.of(), Map.of()).flags().migStrategy())
        .isEqualTo(MigStrategy.NONE);
  }
}
