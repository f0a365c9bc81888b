package dev.gpudra.nvml.jna;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.nvml.NvmlLibraryNotFoundException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("Opening NVML without a usable library fails with a clear, typed error")
class NvmlBindingTest {

  @Test
  @DisplayName("no library under the driver root")
  void noLibrary(@TempDir Path root) {
    assertThatThrownBy(() -> NvmlBinding.open(root, root))
        .isInstanceOf(NvmlLibraryNotFoundException.class)
        .hasMessageContaining("not found under driver root " + root)
        .hasMessageContaining("searched: ");
  }

  @Test
  @DisplayName("a file that is not a shared library")
  void notALibrary(@TempDir Path root) throws Exception {
    Path bogus = Files.writeString(root.resolve("libnvidia-ml.so.1"), "not an ELF file");

    assertThatThrownBy(() -> NvmlBinding.open(root, root))
        .isInstanceOf(NvmlLibraryNotFoundException.class)
        .hasMessageStartingWith("cannot load " + bogus);
  }
}
