package dev.gpudra.gpu.state;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The generic engine knows features only through {@link DeviceFeature}. */
class EngineImportsTest {
  private static final Path STATE = Path.of("src/main/java/dev/gpudra/gpu/state");

  /** A feature package's import, or a feature's device type named in code. */
  private static final Pattern FEATURE =
      Pattern.compile(
          "import dev\\.gpudra\\.(gpu\\.(passthrough|mig|mps|sharing)|node\\.(mps|pci))\\."
              + "|\\b(VfioGpu|AbstractMigDevice|FullGpu)\\b");

  @Test
  @DisplayName(
      "no class of the state package imports a feature package (passthrough, mig, mps, sharing)"
          + " or names a feature's device type: a new feature adds a class, not a branch")
  void stateNamesNoFeature() throws IOException {
    List<String> hits;
    try (Stream<Path> files = Files.list(STATE)) {
      hits =
          files
              .filter(f -> f.toString().endsWith(".java"))
              .flatMap(EngineImportsTest::featureLines)
              .toList();
    }
    assertThat(STATE).isDirectory();
    assertThat(hits).isEmpty();
  }

  private static Stream<String> featureLines(Path file) {
    try {
      return Files.readAllLines(file).stream()
          .filter(line -> FEATURE.matcher(line).find())
          .map(line -> file.getFileName() + ": " + line.strip());
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
