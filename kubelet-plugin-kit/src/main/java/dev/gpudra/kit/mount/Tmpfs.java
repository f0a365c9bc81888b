package dev.gpudra.kit.mount;

import java.nio.file.Path;

/** Mounts and unmounts tmpfs file systems on the node (e.g. the shm an MPS daemon shares). */
public interface Tmpfs {
  /**
   * Mounts a tmpfs of {@code sizeKiB} at {@code dir} ({@code rw,nosuid,nodev,noexec}).
   *
   * @throws MountException when the mount fails
   */
  void mount(Path dir, long sizeKiB);

  /**
   * Detaches whatever is mounted at {@code dir}; nothing mounted there is fine.
   *
   * @throws MountException when it stays mounted
   */
  void unmount(Path dir);

  /** Whether something is mounted at {@code dir}. */
  boolean mounted(Path dir);
}
