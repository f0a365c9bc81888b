package dev.gpudra.deviceplugin.pernode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;

/** What a config file holds now, as a digest to compare (it follows a ConfigMap's symlinks). */
final class ConfigContent {
  /** A config file larger than this is not read (the loader refuses it too). */
  static final long MAX_BYTES = 1 << 20;

  private ConfigContent() {}

  /** The file's SHA-256, {@code none} without a file, or why it cannot be read. */
  static String of(Optional<Path> file) {
    if (file.isEmpty()) {
      return "none";
    }
    try {
      if (Files.size(file.get()) > MAX_BYTES) {
        return "too large: " + Files.size(file.get()) + " bytes";
      }
      return HexFormat.of()
          .formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file.get())));
    } catch (IOException e) {
      return "unreadable: " + e.getMessage();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK has no SHA-256", e);
    }
  }
}
