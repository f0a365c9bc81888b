package dev.gpudra.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * NVIDIA's reference outputs: {@code conformance/nvidia-0.5/}, one YAML file per case, each opening
 * with where it came from. {@code -Dgpu-dra.conformance.update=true} rewrites them from NVIDIA's
 * plugin.
 *
 * @param dir {@code conformance/nvidia-0.5}
 */
record Fixtures(Path dir) {
  private static final YAMLMapper YAML =
      YAMLMapper.builder().disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER).build();

  /** The checkout's fixtures, as Failsafe passes {@code gpu-dra.conformance.dir}. */
  static Fixtures ofCheckout() {
    return new Fixtures(
        Path.of(System.getProperty("gpu-dra.conformance.dir", ".")).resolve("nvidia-0.5"));
  }

  static boolean updating() {
    return Boolean.getBoolean("gpu-dra.conformance.update");
  }

  Path slices(String caseId) {
    return dir.resolve("slices").resolve(caseId + ".yaml");
  }

  /** NVIDIA's CDI specs after preparing a whole GPU on the profile's mock driver root. */
  Path cdi(String profile) {
    return dir.resolve("cdi").resolve(profile + ".yaml");
  }

  /** NVIDIA's checkpoint holding that claim. */
  Path checkpoint(String profile) {
    return dir.resolve("checkpoints").resolve(profile + ".yaml");
  }

  /** The cases that have a slice fixture, by id, sorted. */
  List<String> sliceCases() {
    try (Stream<Path> files = Files.list(dir.resolve("slices"))) {
      return files
          .map(f -> f.getFileName().toString())
          .filter(n -> n.endsWith(".yaml"))
          .map(n -> n.substring(0, n.length() - ".yaml".length()))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + dir.resolve("slices"), e);
    }
  }

  JsonNode read(Path file) {
    try {
      return SliceDocument.plain(YAML.readTree(file.toFile()));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read fixture " + file, e);
    }
  }

  /** A text fixture's lines, its header comments and blank lines left out. */
  List<String> readLines(Path file) {
    try {
      return Files.readAllLines(file).stream()
          .filter(l -> !l.isBlank() && !l.startsWith("#"))
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read fixture " + file, e);
    }
  }

  /** Writes a text fixture, one entry a line, with a header naming its source. */
  void writeLines(Path file, String header, List<String> lines) {
    StringBuilder text = new StringBuilder();
    header.lines().forEach(l -> text.append("# ").append(l).append('\n'));
    lines.forEach(l -> text.append(l).append('\n'));
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, text);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write fixture " + file, e);
    }
  }

  /** Writes a fixture with a header naming its source. */
  void write(Path file, String header, JsonNode content) {
    StringBuilder text = new StringBuilder();
    header.lines().forEach(l -> text.append("# ").append(l).append('\n'));
    try {
      text.append(YAML.writeValueAsString(content));
      Files.createDirectories(file.getParent());
      Files.writeString(file, text);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write fixture " + file, e);
    }
  }
}
