package dev.gpudra.testsupport.driver;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/** Copies a stand-in script of this package into a fake driver root's {@code usr/bin}. */
final class StandInScripts {
  private StandInScripts() {}

  /**
   * @return the installed program's path
   */
  static Path install(Path driverRoot, String program) {
    Path target = driverRoot.resolve("usr/bin").resolve(program);
    try (InputStream script = StandInScripts.class.getResourceAsStream(program)) {
      if (script == null) {
        throw new IllegalStateException(program + " is missing from the classpath");
      }
      Files.createDirectories(target.getParent());
      Files.copy(script, target, StandardCopyOption.REPLACE_EXISTING);
      Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwxr-xr-x"));
      return target;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot install the stand-in " + program + " at " + target, e);
    }
  }
}
