package dev.gpudra.bench.image;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A docker-archive tar ({@code docker save}, Jib's {@code buildTar}, {@code
 * e2e/node/base-image.sh}): its {@code manifest.json}, the image config it names and its layers,
 * read and unpacked with the system's {@code tar}.
 */
public final class DockerArchive {
  private static final String WHITEOUT = ".wh.";
  private static final String OPAQUE = ".wh..wh..opq";
  private static final long TAR_SECONDS = 300;

  private final Path tar;
  private final ObjectMapper json = new ObjectMapper();

  /**
   * @param reference the tar's path, or Jib's {@code tar://<path>} base reference
   */
  public static DockerArchive of(String reference) {
    Objects.requireNonNull(reference, "reference");
    String path =
        reference.startsWith("tar://") ? reference.substring("tar://".length()) : reference;
    if (path.isBlank() || path.contains("://") || !Files.isRegularFile(Path.of(path))) {
      throw new IllegalArgumentException(
          "base image "
              + reference
              + ": not a docker-archive tar on this machine; the AOT cache is trained with the"
              + " base image's own Java runtime, read from such a tar (docker save <base> -o"
              + " base.tar, then -Djib.from.image=tar://base.tar), or build the image without the"
              + " cache (-Dimage.aot=off)");
    }
    return new DockerArchive(Path.of(path));
  }

  private DockerArchive(Path tar) {
    this.tar = tar;
  }

  /** The image config's {@code JAVA_HOME}: where the base keeps its Java runtime. */
  public Path javaHome() throws IOException, InterruptedException {
    JsonNode env = json.readTree(read(manifest().path("Config").asText())).at("/config/Env");
    for (JsonNode entry : env) {
      String value = entry.asText();
      if (value.startsWith("JAVA_HOME=/")) {
        return Path.of(value.substring("JAVA_HOME=".length()));
      }
    }
    throw new IllegalArgumentException(
        "base image "
            + tar
            + ": its config sets no absolute JAVA_HOME, so its Java runtime is unknown");
  }

  /**
   * Unpacks the layers into {@code rootfs} in order, applying whiteouts ({@code .wh.<name>} hides a
   * lower layer's file, {@code .wh..wh..opq} empties the directory below it).
   */
  public void unpack(Path rootfs, Path scratch) throws IOException, InterruptedException {
    Files.createDirectories(rootfs);
    List<String> layers = new ArrayList<>();
    manifest().path("Layers").forEach(layer -> layers.add(layer.asText()));
    if (layers.isEmpty()) {
      throw new IllegalArgumentException("base image " + tar + ": its manifest names no layer");
    }
    for (int i = 0; i < layers.size(); i++) {
      Path staging = scratch.resolve("layer-" + i);
      Files.createDirectories(staging);
      tar("-xf", tar.toString(), "-C", staging.toString(), layers.get(i));
      Path layer = staging.resolve(layers.get(i));
      Path files = scratch.resolve("files-" + i);
      Files.createDirectories(files);
      tar("-xf", layer.toString(), "-C", files.toString());
      applyWhiteouts(files, rootfs);
      run(List.of("cp", "-a", files + "/.", rootfs.toString()));
      run(List.of("rm", "-rf", staging.toString(), files.toString()));
    }
  }

  private JsonNode manifest() throws IOException, InterruptedException {
    JsonNode manifest = json.readTree(read("manifest.json"));
    if (!manifest.isArray() || manifest.size() != 1) {
      throw new IllegalArgumentException(
          "base image " + tar + ": manifest.json must hold exactly one image");
    }
    return manifest.get(0);
  }

  private static void applyWhiteouts(Path files, Path rootfs) throws IOException {
    List<Path> markers;
    try (Stream<Path> walk = Files.walk(files)) {
      markers = walk.filter(p -> p.getFileName().toString().startsWith(WHITEOUT)).toList();
    }
    for (Path marker : markers) {
      Path relative = files.relativize(marker.getParent());
      String name = marker.getFileName().toString();
      Path hidden =
          name.equals(OPAQUE)
              ? rootfs.resolve(relative.toString())
              : rootfs.resolve(relative.toString()).resolve(name.substring(WHITEOUT.length()));
      if (name.equals(OPAQUE)) {
        deleteChildren(hidden);
      } else {
        deleteTree(hidden);
      }
      Files.delete(marker);
    }
  }

  private static void deleteChildren(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return;
    }
    try (Stream<Path> children = Files.list(dir)) {
      for (Path child : children.toList()) {
        deleteTree(child);
      }
    }
  }

  private static void deleteTree(Path path) throws IOException {
    if (!Files.exists(path, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(path)) {
      for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  private byte[] read(String member) throws IOException, InterruptedException {
    Process process = new ProcessBuilder("tar", "-xOf", tar.toString(), member).start();
    byte[] bytes = process.getInputStream().readAllBytes();
    String error = new String(process.getErrorStream().readAllBytes());
    if (!process.waitFor(TAR_SECONDS, TimeUnit.SECONDS) || process.exitValue() != 0) {
      throw new IOException("tar -xOf " + tar + " " + member + ": " + error.strip());
    }
    return bytes;
  }

  private static void tar(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add("tar");
    command.add("--no-same-owner");
    command.addAll(List.of(args));
    run(command);
  }

  private static void run(List<String> command) throws IOException, InterruptedException {
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes());
    if (!process.waitFor(TAR_SECONDS, TimeUnit.SECONDS) || process.exitValue() != 0) {
      process.destroyForcibly();
      throw new IOException(String.join(" ", command) + ": " + output.strip());
    }
  }
}
