package dev.gpudra.nvml.jna;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.nvml.NvmlLibraryNotFoundException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("libnvidia-ml.so.1 is looked for under the driver root, in NVIDIA's order")
class LibraryLocatorTest {
  private final LibraryLocator locator = new LibraryLocator();

  private static Path place(Path root, String dir) throws Exception {
    Path directory = Files.createDirectories(root.resolve(dir));
    return Files.createFile(directory.resolve("libnvidia-ml.so.1"));
  }

  @Test
  @DisplayName("finds the Debian-style multiarch location")
  void findsMultiarch(@TempDir Path root) throws Exception {
    Path library = place(root, "usr/lib/x86_64-linux-gnu");

    assertThat(locator.locate(root)).isEqualTo(library);
  }

  @Test
  @DisplayName("prefers the earlier directory when several hold the library")
  void searchOrder(@TempDir Path root) throws Exception {
    place(root, "lib64");
    Path preferred = place(root, "usr/lib64");

    assertThat(locator.locate(root)).isEqualTo(preferred);
  }

  @Test
  @DisplayName("the driver root itself is searched first")
  void rootFirst(@TempDir Path root) throws Exception {
    place(root, "usr/lib64");
    Path atRoot = place(root, ".");

    assertThat(locator.locate(root)).isEqualTo(atRoot.normalize());
  }

  @Test
  @DisplayName("absent: the error lists every place searched")
  void absent(@TempDir Path root) {
    assertThatThrownBy(() -> locator.locate(root))
        .isInstanceOf(NvmlLibraryNotFoundException.class)
        .hasMessageStartingWith("libnvidia-ml.so.1 not found under driver root " + root)
        .hasMessageContaining(root.resolve("libnvidia-ml.so.1").toString())
        .hasMessageContaining(root + "/usr/lib64/libnvidia-ml.so.1")
        .hasMessageContaining(root + "/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1")
        .hasMessageContaining(root + "/usr/lib/aarch64-linux-gnu/libnvidia-ml.so.1")
        .hasMessageContaining(root + "/lib64/libnvidia-ml.so.1")
        .hasMessageContaining(root + "/lib/x86_64-linux-gnu/libnvidia-ml.so.1")
        .hasMessageContaining(root + "/lib/aarch64-linux-gnu/libnvidia-ml.so.1");
    assertThat(locator.candidates(root)).hasSize(7);
  }
}
