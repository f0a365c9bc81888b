package dev.gpudra.webhook.tls;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;

/**
 * What tells that a file changed: the file its path resolves to (a secret volume swaps a symlink),
 * its modification time and its size.
 */
record FileStamp(Path realPath, FileTime modified, long size) {

  static FileStamp of(Path file) throws IOException {
    return new FileStamp(file.toRealPath(), Files.getLastModifiedTime(file), Files.size(file));
  }
}
