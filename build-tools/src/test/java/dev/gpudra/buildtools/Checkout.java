package dev.gpudra.buildtools;

import java.nio.file.Files;
import java.nio.file.Path;

/** The checkout the tests run in: the nearest directory above the module with the Maven wrapper. */
public final class Checkout {
  private Checkout() {}

  public static Path root() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null
        && !(Files.isRegularFile(dir.resolve("mvnw")) && Files.isDirectory(dir.resolve(".ci")))) {
      dir = dir.getParent();
    }
    if (dir == null) {
      throw new IllegalStateException(
          "no checkout (mvnw and .ci/) above " + Path.of("").toAbsolutePath());
    }
    return dir;
  }
}
