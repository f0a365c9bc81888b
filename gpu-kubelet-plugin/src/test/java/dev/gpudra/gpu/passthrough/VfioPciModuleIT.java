package dev.gpudra.gpu.passthrough;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.node.pci.PciSysfs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Loading vfio-pci at start, with a {@code chroot} stand-in (a script) that logs how it was called
 * and, as the host's modprobe would, registers the driver, or fails as modprobe does.
 */
class VfioPciModuleIT {
  @TempDir Path dir;
  private Path sys;
  private Path host;
  private Path calls;

  @BeforeEach
  void layOut() throws IOException {
    sys =
        Files.createDirectories(dir.resolve("sys/bus/pci/drivers/nvidia"))
            .getParent()
            .getParent()
            .getParent()
            .getParent();
    host = Files.createDirectories(dir.resolve("host"));
    calls = dir.resolve("calls");
  }

  /** A chroot stand-in: logs its arguments, then runs {@code body}. */
  private String chroot(String body) throws IOException {
    Path script = dir.resolve("chroot");
    Files.writeString(script, "#!/bin/sh\necho \"$@\" >> " + calls + "\n" + body + "\n");
    Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
    return script.toString();
  }

  @Test
  @DisplayName("a registered vfio-pci driver needs nothing: modprobe is not run")
  void registeredIsLeftAlone() throws IOException {
    Files.createDirectories(sys.resolve("bus/pci/drivers/vfio-pci"));
    String chroot = chroot("exit 1");

    assertThat(new VfioPciModule(new PciSysfs(sys), host, chroot).ensureLoaded()).isFalse();

    assertThat(calls).doesNotExist();
  }

  @Test
  @DisplayName("a missing driver is loaded with the host's modprobe in the host's root")
  void loadsTheModule() throws IOException {
    String chroot = chroot("mkdir -p " + sys.resolve("bus/pci/drivers/vfio-pci"));

    assertThat(new VfioPciModule(new PciSysfs(sys), host, chroot).ensureLoaded()).isTrue();

    assertThat(Files.readString(calls).strip()).isEqualTo(host + " modprobe vfio_pci");
  }

  @Test
  @DisplayName(
      "modprobe's failure, or a driver still missing after it, is an error naming the command and"
          + " what it said")
  void failureIsNamed() throws IOException {
    String failing = chroot("echo 'modprobe: FATAL: Module vfio_pci not found' >&2; exit 1");

    assertThatThrownBy(() -> new VfioPciModule(new PciSysfs(sys), host, failing).ensureLoaded())
        .isInstanceOf(PassthroughException.class)
        .hasMessageContaining(
            "the vfio-pci driver is not registered under " + sys.resolve("bus/pci/drivers"))
        .hasMessageContaining(failing + " " + host + " modprobe vfio_pci")
        .hasMessageContaining("exit code 1: modprobe: FATAL: Module vfio_pci not found");

    String silent = chroot("exit 0");
    assertThatThrownBy(() -> new VfioPciModule(new PciSysfs(sys), host, silent).ensureLoaded())
        .hasMessageContaining("it ran, but no driver vfio-pci under");
  }
}
