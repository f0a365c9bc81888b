package dev.gpudra.kit.mount;

import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.Native;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * tmpfs through libc's {@code mount(2)} and {@code umount2(2)}; needs CAP_SYS_ADMIN (a privileged
 * container) and, for other containers to see it, a directory mounted with Bidirectional
 * propagation.
 */
public final class LibcTmpfs implements Tmpfs {
  private static final long MS_NOSUID = 2;
  private static final long MS_NODEV = 4;
  private static final long MS_NOEXEC = 8;
  private static final int MNT_DETACH = 2;
  private static final int EINVAL = 22;
  private static final int ENOENT = 2;

  /** The libc calls used; their errors arrive as {@link LastErrorException} with errno. */
  interface LibC extends Library {
    int mount(String source, String target, String type, long flags, String data)
        throws LastErrorException;

    int umount2(String target, int flags) throws LastErrorException;
  }

  private final LibC libc;
  private final Path mountTable;

  public LibcTmpfs() {
    this(Path.of("/proc/self/mountinfo"));
  }

  LibcTmpfs(Path mountTable) {
    this.libc = Native.load("c", LibC.class);
    this.mountTable = mountTable;
  }

  @Override
  public void mount(Path dir, long sizeKiB) {
    try {
      libc.mount(
          "tmpfs",
          dir.toString(),
          "tmpfs",
          MS_NOSUID | MS_NODEV | MS_NOEXEC,
          "size=" + sizeKiB + "k");
    } catch (LastErrorException e) {
      throw new MountException(
          "cannot mount a tmpfs at "
              + dir
              + " (errno "
              + e.getErrorCode()
              + (e.getErrorCode() == 1
                  ? ": the plugin needs CAP_SYS_ADMIN, a privileged container"
                  : "")
              + ")",
          e);
    }
  }

  @Override
  public void unmount(Path dir) {
    while (mounted(dir)) {
      try {
        libc.umount2(dir.toString(), MNT_DETACH);
      } catch (LastErrorException e) {
        if (e.getErrorCode() == EINVAL || e.getErrorCode() == ENOENT) {
          return; // not a mount point (any more)
        }
        throw new MountException("cannot unmount " + dir + " (errno " + e.getErrorCode() + ")", e);
      }
    }
  }

  @Override
  public boolean mounted(Path dir) {
    String point = dir.toAbsolutePath().normalize().toString().replace(" ", "\\040");
    try {
      return Files.readAllLines(mountTable).stream()
          .map(line -> line.split(" "))
          .anyMatch(fields -> fields.length > 4 && fields[4].equals(point));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + mountTable, e);
    }
  }
}
