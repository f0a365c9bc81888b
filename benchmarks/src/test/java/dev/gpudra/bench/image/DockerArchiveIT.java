package dev.gpudra.bench.image;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Docker archives made here with the system's tar, as {@code docker save} lays them out. */
class DockerArchiveIT {
  @TempDir Path dir;

  @Test
  @DisplayName(
      "layers unpack in order; a whiteout hides a lower layer's file, an opaque marker empties"
          + " its directory; gzip layers too; JAVA_HOME comes from the config")
  void unpacksLayers() throws Exception {
    Path lower = layer("lower");
    write(lower, "opt/java/openjdk/release", "JAVA_VERSION=\"25\"");
    write(lower, "etc/gone", "x");
    write(lower, "var/cache/old", "x");
    Path upper = layer("upper");
    write(upper, "etc/.wh.gone", "");
    write(upper, "var/cache/.wh..wh..opq", "");
    write(upper, "var/cache/new", "y");
    write(upper, "opt/java/openjdk/release", "JAVA_VERSION=\"25.0.1\"");
    Path archive = archive(List.of(tar(lower, "l1.tar"), gzipTar(upper, "l2.tar.gz")));
    Path rootfs = dir.resolve("rootfs");

    DockerArchive base = DockerArchive.of("tar://" + archive);
    base.unpack(rootfs, dir.resolve("scratch"));

    assertThat(base.javaHome()).isEqualTo(Path.of("/opt/java/openjdk"));
    assertThat(rootfs.resolve("opt/java/openjdk/release")).hasContent("JAVA_VERSION=\"25.0.1\"");
    assertThat(rootfs.resolve("etc/gone")).doesNotExist();
    assertThat(rootfs.resolve("etc/.wh.gone")).doesNotExist();
    assertThat(rootfs.resolve("var/cache/old")).doesNotExist();
    assertThat(rootfs.resolve("var/cache/new")).hasContent("y");
  }

  @Test
  @DisplayName("a registry reference is refused with what to give instead")
  void registryReferenceRefused() {
    assertThatThrownBy(() -> DockerArchive.of("eclipse-temurin:25-jre"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("base image eclipse-temurin:25-jre")
        .hasMessageContaining("-Djib.from.image=tar://");
  }

  private Path layer(String name) throws Exception {
    return Files.createDirectories(dir.resolve(name));
  }

  private static void write(Path root, String path, String content) throws Exception {
    Path file = root.resolve(path);
    Files.createDirectories(file.getParent());
    Files.writeString(file, content);
  }

  private Path tar(Path root, String name) throws Exception {
    run("tar", "-cf", dir.resolve(name).toString(), "-C", root.toString(), ".");
    return dir.resolve(name);
  }

  private Path gzipTar(Path root, String name) throws Exception {
    run("tar", "-czf", dir.resolve(name).toString(), "-C", root.toString(), ".");
    return dir.resolve(name);
  }

  private Path archive(List<Path> layers) throws Exception {
    Path content = Files.createDirectories(dir.resolve("archive"));
    Files.writeString(
        content.resolve("config.json"),
        "{\"config\":{\"Env\":[\"PATH=/bin\",\"JAVA_HOME=/opt/java/openjdk\"]}}");
    StringBuilder names = new StringBuilder();
    for (Path layer : layers) {
      Files.copy(layer, content.resolve(layer.getFileName()));
      names.append(names.isEmpty() ? "" : ",").append('"').append(layer.getFileName()).append('"');
    }
    Files.writeString(
        content.resolve("manifest.json"),
        "[{\"Config\":\"config.json\",\"RepoTags\":[\"t:1\"],\"Layers\":[" + names + "]}]");
    Path archive = dir.resolve("image.tar");
    List<String> command =
        new java.util.ArrayList<>(
            List.of("tar", "-cf", archive.toString(), "-C", content.toString()));
    try (var files = Files.list(content)) {
      files.map(f -> f.getFileName().toString()).forEach(command::add);
    }
    run(command.toArray(String[]::new));
    return archive;
  }

  private static void run(String... command) throws Exception {
    Process process = new ProcessBuilder(command).inheritIO().start();
    assertThat(process.waitFor()).as(String.join(" ", command)).isZero();
  }
}
