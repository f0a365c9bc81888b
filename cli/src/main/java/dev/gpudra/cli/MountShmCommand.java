package dev.gpudra.cli;

import dev.gpudra.deviceplugin.mps.MpsRoot;
import dev.gpudra.kit.mount.LibcTmpfs;
import dev.gpudra.kit.mount.Tmpfs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code gpu-dra device-plugin-mps-control-daemon mount-shm}: NVIDIA's init step, a fresh tmpfs at
 * the MPS root's {@code shm} that the daemons and their clients share as {@code /dev/shm}.
 */
@Command(
    name = "mount-shm",
    mixinStandardHelpOptions = true,
    description = "Mount a fresh tmpfs (64 MiB) at <MPS root>/shm for the MPS daemons.")
final class MountShmCommand implements Callable<Integer> {
  /** NVIDIA's size: 65536k. */
  static final long SIZE_KIB = 65536;

  @Option(
      names = "--mps-root",
      defaultValue = "/mps",
      description = "The MPS root as this container sees it (default ${DEFAULT-VALUE}).")
  Path root;

  @Override
  public Integer call() {
    Path shm = new MpsRoot(root).shmDir();
    Tmpfs tmpfs = new LibcTmpfs();
    tmpfs.unmount(shm);
    try {
      Files.createDirectories(shm);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + shm, e);
    }
    tmpfs.mount(shm, SIZE_KIB);
    return 0;
  }
}
