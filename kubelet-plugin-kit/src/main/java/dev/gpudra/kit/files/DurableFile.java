package dev.gpudra.kit.files;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Replaces a file so that readers see the old or the new content, never a mix, and the new content
 * survives a crash: temp file in the same directory, fsync, rename over the target, fsync the
 * directory. For files that must outlive a reboot; files that a reboot voids anyway (the
 * checkpoint, CDI specs of prepared claims) use {@link AtomicFile}, which skips the fsyncs.
 */
public final class DurableFile {
  private DurableFile() {}

  /** Owner read and write only: the checkpoint. */
  public static final Set<PosixFilePermission> PRIVATE =
      PosixFilePermissions.fromString("rw-------");

  /** World-readable, as nvcdi writes CDI specs (0644): runtimes and tools read them. */
  public static final Set<PosixFilePermission> WORLD_READABLE =
      PosixFilePermissions.fromString("rw-r--r--");

  /** {@link #replace(Path, byte[], Set)} with {@link #PRIVATE}. */
  public static void replace(Path target, byte[] content) throws IOException {
    replace(target, content, PRIVATE);
  }

  /**
   * @param permissions the new file's mode, set explicitly (the process umask does not apply)
   */
  public static void replace(Path target, byte[] content, Set<PosixFilePermission> permissions)
      throws IOException {
    replace(target, content, permissions, true);
  }

  /**
   * The steps of a replace; with {@code sync} false, no fsync: what {@link AtomicFile} does.
   *
   * @param sync whether the content and the rename are forced to the disk
   */
  static void replace(
      Path target, byte[] content, Set<PosixFilePermission> permissions, boolean sync)
      throws IOException {
    Path dir = target.toAbsolutePath().getParent();
    Files.createDirectories(dir);
    Path temp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".tmp");
    try {
      Files.setPosixFilePermissions(temp, permissions);
      try (FileChannel out = FileChannel.open(temp, StandardOpenOption.WRITE)) {
        ByteBuffer buffer = ByteBuffer.wrap(content);
        while (buffer.hasRemaining()) {
          out.write(buffer);
        }
        if (sync) {
          out.force(true);
        }
      }
      move(temp, target);
    } finally {
      Files.deleteIfExists(temp);
    }
    if (sync) {
      syncDirectory(dir);
    }
  }

  /**
   * Deletes the temp files that writes interrupted by a crash left in {@code dir}: the names this
   * class gives them ({@code .<target>.<digits>.tmp}), for targets whose name starts with {@code
   * targetPrefix}. Other files, other writers' temp files included, are left alone.
   *
   * @return how many were deleted
   */
  public static int removeLeftovers(Path dir, String targetPrefix) throws IOException {
    if (!Files.isDirectory(dir)) {
      return 0;
    }
    Pattern leftover = Pattern.compile("\\." + Pattern.quote(targetPrefix) + ".*\\.[0-9]+\\.tmp");
    int deleted = 0;
    try (var files = Files.list(dir)) {
      for (Path file : (Iterable<Path>) files::iterator) {
        if (leftover.matcher(file.getFileName().toString()).matches()
            && Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)
            && Files.deleteIfExists(file)) {
          deleted++;
        }
      }
    }
    if (deleted > 0) {
      syncDirectory(dir);
    }
    return deleted;
  }

  /** Deletes a file if present and makes the deletion durable. */
  public static boolean delete(Path target) throws IOException {
    boolean deleted = Files.deleteIfExists(target);
    if (deleted) {
      syncDirectory(target.toAbsolutePath().getParent());
    }
    return deleted;
  }

  private static void move(Path temp, Path target) throws IOException {
    try {
      Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      throw new IOException("file system of " + target + " cannot rename atomically", e);
    }
  }

  private static void syncDirectory(Path dir) throws IOException {
    try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
      channel.force(true);
    }
  }
}
