package dev.gpudra.testsupport.kernel;

import dev.gpudra.kit.mount.MountException;
import dev.gpudra.kit.mount.Tmpfs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A simulated node's tmpfs mounts (demo only): the directory stays a plain directory, its size is
 * remembered, so the plugin's MPS shm works for a user who is not root. The real mount is {@code
 * LibcTmpfs}, proven by the plugin's MPS tests and the real node's.
 */
public final class TmpfsStandIn implements Tmpfs {
  private final Map<Path, Long> mounts = new ConcurrentHashMap<>();

  @Override
  public void mount(Path dir, long sizeKiB) {
    if (!Files.isDirectory(dir)) {
      throw new MountException("cannot mount a tmpfs at " + dir + ": no such directory", null);
    }
    mounts.put(dir.toAbsolutePath().normalize(), sizeKiB);
  }

  @Override
  public void unmount(Path dir) {
    mounts.remove(dir.toAbsolutePath().normalize());
  }

  @Override
  public boolean mounted(Path dir) {
    return mounts.containsKey(dir.toAbsolutePath().normalize());
  }

  /** The size of the tmpfs at {@code dir} in KiB, or -1 when nothing is mounted there. */
  public long sizeKiB(Path dir) {
    return mounts.getOrDefault(dir.toAbsolutePath().normalize(), -1L);
  }
}
