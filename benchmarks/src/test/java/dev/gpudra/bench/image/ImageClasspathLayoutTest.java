package dev.gpudra.bench.image;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ImageClasspathLayoutTest {
  @TempDir Path dir;
  private Path libs;
  private Path classpath;

  @BeforeEach
  void jars() throws Exception {
    libs = Files.createDirectories(dir.resolve("libs"));
    Files.writeString(libs.resolve("a.jar"), "a");
    Files.writeString(libs.resolve("z.jar"), "zz");
    classpath = dir.resolve("classpath");
  }

  @Test
  @DisplayName(
      "the jars land at their in-image paths under the root, in the classpath file's order, with"
          + " Jib's modification time")
  void laysOutInOrder() throws Exception {
    Files.writeString(classpath, "/opt/gpu-dra/libs/z.jar:/opt/gpu-dra/libs/a.jar\n");
    Path rootfs = dir.resolve("rootfs");

    String relocated = new ImageClasspathLayout(classpath, libs).layOut(rootfs);

    Path z = rootfs.resolve("opt/gpu-dra/libs/z.jar");
    assertThat(relocated).isEqualTo(z + ":" + rootfs.resolve("opt/gpu-dra/libs/a.jar"));
    assertThat(z).hasContent("zz");
    assertThat(Files.getLastModifiedTime(z)).isEqualTo(ImageClasspathLayout.JIB_FILE_TIME);
  }

  @Test
  @DisplayName("a classpath file and a libs directory that disagree fail, naming both differences")
  void disagreementFails() throws Exception {
    Files.writeString(libs.resolve("stale.jar"), "old");
    Files.writeString(classpath, "/opt/gpu-dra/libs/a.jar:/opt/gpu-dra/libs/z.jar:/x/gone.jar");

    assertThatThrownBy(() -> new ImageClasspathLayout(classpath, libs).layOut(dir.resolve("r")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("named but missing [gone.jar]")
        .hasMessageContaining("present but not named [stale.jar]");
  }

  @Test
  @DisplayName("a relative or non-jar entry fails, naming the entry and the file")
  void relativeEntryFails() throws Exception {
    Files.writeString(classpath, "libs/a.jar:/opt/gpu-dra/libs/z.jar");

    assertThatThrownBy(() -> new ImageClasspathLayout(classpath, libs).layOut(dir.resolve("r")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("entry libs/a.jar is not an absolute path to a jar")
        .hasMessageContaining(classpath.toString());
  }
}
