package dev.gpudra.node.driverroot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.testsupport.driver.SharedObjectStandIn;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ElfSonameTest {
  @TempDir Path dir;

  @Test
  @DisplayName("a shared object's DT_SONAME is read from its dynamic section")
  void soname() throws Exception {
    Path lib =
        SharedObjectStandIn.write(dir.resolve("libcuda.so.580.95.05"), List.of("libcuda.so.1"));

    assertThat(ElfSoname.of(lib)).contains("libcuda.so.1");
  }

  @Test
  @DisplayName("without a dynamic section the file's own name stands in, as the toolkit's")
  void noDynamicSection() throws Exception {
    Path lib = SharedObjectStandIn.write(dir.resolve("libfoo.so.580.95.05"), List.of());

    assertThat(ElfSoname.of(lib)).contains("libfoo.so.580.95.05");
  }

  @Test
  @DisplayName("no ELF, a truncated one, or two SONAMEs: nothing can be said")
  void unreadable() throws Exception {
    Path text = Files.writeString(dir.resolve("libcuda.so.1.2"), "x");
    Path two =
        SharedObjectStandIn.write(dir.resolve("libtwo.so.1.2"), List.of("libtwo.so.1", "b.so"));
    Path whole = SharedObjectStandIn.write(dir.resolve("libcut.so.1.2"), List.of("libcut.so.1"));
    byte[] bytes = Files.readAllBytes(whole);
    Path cut = Files.write(dir.resolve("libcut2.so.1.2"), java.util.Arrays.copyOf(bytes, 70));

    assertThat(ElfSoname.of(text)).isEmpty();
    assertThat(ElfSoname.of(two)).isEmpty();
    assertThat(ElfSoname.of(cut)).isEmpty();
    assertThat(ElfSoname.of(dir.resolve("missing.so.1"))).isEmpty();
  }

  @Test
  @DisplayName("the .so link name is the name cut back to its .so")
  void soLink() {
    assertThat(DotSoLinks.soLink("libcuda.so.1")).isEqualTo("libcuda.so");
    assertThat(DotSoLinks.soLink("libnvidia-ml.so.550.163.01")).isEqualTo("libnvidia-ml.so");
    assertThat(DotSoLinks.soLink("libcuda.so")).isEqualTo("libcuda.so");
    assertThat(DotSoLinks.soLink("libcuda")).isEmpty();
  }
}
