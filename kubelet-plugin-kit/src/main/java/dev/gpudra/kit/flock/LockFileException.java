package dev.gpudra.kit.flock;

import java.io.IOException;

/**
 * A lock file could not be opened or locked for another reason than a holder keeping it: a
 * read-only or full file system, missing permissions. Names the file and the reason, as {@code
 * cannot open lock file /var/lib/kubelet/plugins/gpu.nvidia.com/pu.lock: read-only file system}.
 */
public final class LockFileException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public LockFileException(String message, Throwable cause) {
    super(message, cause);
  }

  /** Wraps an {@link IOException} from creating the lock file's directory. */
  static LockFileException of(String what, IOException e) {
    return new LockFileException(what + ": " + dev.gpudra.kit.files.IoReason.describe(e), e);
  }
}
