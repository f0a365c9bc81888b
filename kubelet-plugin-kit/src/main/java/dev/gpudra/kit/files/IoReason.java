package dev.gpudra.kit.files;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

/** The reason of a failed system call in words, as {@code strerror(3)} would put it. */
public final class IoReason {
  static final int ENOENT = 2;
  static final int EACCES = 13;
  static final int ENOSPC = 28;
  static final int EROFS = 30;
  static final int EDQUOT = 122;

  private IoReason() {}

  public static String describe(int errno) {
    return switch (errno) {
      case ENOENT -> "no such file or directory";
      case EACCES -> "permission denied";
      case ENOSPC -> "no space left on device";
      case EROFS -> "read-only file system";
      case EDQUOT -> "disk quota exceeded";
      default -> "errno " + errno;
    };
  }

  /** An I/O exception's reason: the JDK's file system exceptions carry strerror's text already. */
  public static String describe(IOException e) {
    return switch (e) {
      case AccessDeniedException ignored -> "permission denied";
      case NoSuchFileException ignored -> "no such file or directory";
      case FileAlreadyExistsException ignored -> "a file of that name is in the way";
      case FileSystemException fs when fs.getReason() != null ->
          fs.getReason().toLowerCase(java.util.Locale.ROOT);
      default -> String.valueOf(e.getMessage());
    };
  }
}
