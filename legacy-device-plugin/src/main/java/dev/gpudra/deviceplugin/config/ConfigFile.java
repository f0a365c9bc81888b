package dev.gpudra.deviceplugin.config;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Reads a config file's text within a bound: at most {@link #MAX_BYTES} are read whatever the file
 * is (a huge file, {@code /dev/zero}, a pipe), and the text must be UTF-8.
 */
final class ConfigFile {
  /** NVIDIA's configs are a few hundred bytes; a ConfigMap holds at most 1 MiB. */
  static final int MAX_BYTES = 1 << 20;

  private ConfigFile() {}

  /**
   * @throws InvalidPluginConfigException naming the file: unreadable, too large or not UTF-8
   */
  static String read(Path file) {
    byte[] bytes;
    try (InputStream in = Files.newInputStream(file)) {
      bytes = in.readNBytes(MAX_BYTES + 1);
    } catch (IOException e) {
      throw new InvalidPluginConfigException(
          "cannot read the config file " + file + ": " + reason(e), e);
    }
    if (bytes.length > MAX_BYTES) {
      throw new InvalidPluginConfigException(
          file + ": larger than " + MAX_BYTES + " bytes (1 MiB), the most a config may be");
    }
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      throw new InvalidPluginConfigException(file + ": not UTF-8 text", e);
    }
  }

  private static String reason(IOException e) {
    if (e instanceof NoSuchFileException) {
      return "no such file";
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    return e.getMessage() == null
        ? e.getClass().getSimpleName()
        : e.getClass().getSimpleName() + " (" + e.getMessage() + ")";
  }
}
