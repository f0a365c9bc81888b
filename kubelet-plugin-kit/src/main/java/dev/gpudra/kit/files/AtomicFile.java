package dev.gpudra.kit.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;

/**
 * Replaces a file so that readers see the old or the new content, never a mix, and the new content
 * survives a crash of the writing process, but not necessarily a power loss: temp file in the same
 * directory, write, rename over the target, no fsync. A process killed at any point leaves the old
 * or the new file, because the kernel's page cache holds every completed write and rename whatever
 * becomes of the process. A power loss may leave an old, empty or partly written file, which is why
 * this is only for files that a reboot voids anyway: the checkpoint (discarded under a new boot ID,
 * and when unreadable after a reboot: {@link dev.gpudra.kit.checkpoint.CheckpointFile}) and the CDI
 * specs of prepared claims (on the runtime's tmpfs, {@code /var/run/cdi}, and written again when
 * the kubelet prepares the claims after the reboot). The fsyncs this skips were 4 of a prepare's 6
 * and most of its time on a real disk (BENCHMARKS.md, "Durability").
 */
public final class AtomicFile {
  private AtomicFile() {}

  /**
   * @param permissions the new file's mode, set explicitly (the process umask does not apply)
   */
  public static void replace(Path target, byte[] content, Set<PosixFilePermission> permissions)
      throws IOException {
    DurableFile.replace(target, content, permissions, false);
  }

  /** Deletes a file if present. */
  public static boolean delete(Path target) throws IOException {
    return Files.deleteIfExists(target);
  }
}
