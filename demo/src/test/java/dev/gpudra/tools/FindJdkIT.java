package dev.gpudra.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/find-jdk}, which the launcher runs first: it finds a JDK 21 or newer, or says what it
 * needs, where it looked and what it found there. Fake JDKs are two scripts ({@code bin/java}
 * reporting a version, {@code bin/javac}); the Debian JDK 17 is the machine's own.
 */
class FindJdkIT {
  private static final Path SCRIPT =
      Path.of(System.getProperty("gpu-dra.checkout", "..")).resolve("bin/find-jdk");

  @TempDir Path dir;

  private record Result(int code, String out, String err) {}

  private Result run(Map<String, String> env) throws IOException, InterruptedException {
    ProcessBuilder builder = new ProcessBuilder("bash", SCRIPT.toString());
    builder.environment().remove("JAVA_HOME");
    builder.environment().put("PATH", "/usr/bin:/bin");
    builder.environment().putAll(env);
    builder.redirectError(dir.resolve("stderr").toFile());
    Process process = builder.start();
    String out = new String(process.getInputStream().readAllBytes()).strip();
    assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
    return new Result(process.exitValue(), out, Files.readString(dir.resolve("stderr")));
  }

  private Path fakeJdk(Path parent, String name, int major, boolean javac) throws IOException {
    Path bin = Files.createDirectories(parent.resolve(name).resolve("bin"));
    executable(
        bin.resolve("java"),
        "#!/bin/sh\necho '    java.specification.version = " + major + "' >&2\n");
    if (javac) {
      executable(bin.resolve("javac"), "#!/bin/sh\n");
    }
    return bin.getParent();
  }

  /** A PATH whose {@code java} is a Java 17, whatever the machine's default is. */
  private String pathWithJava17() throws IOException {
    return fakeJdk(dir, "path-17", 17, true).resolve("bin") + ":/usr/bin:/bin";
  }

  private static void executable(Path file, String text) throws IOException {
    Files.writeString(file, text);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  /** Debian's JDK 17, the default {@code java} of these machines. */
  private static Optional<Path> debianJdk17() throws IOException {
    Path jvm = Path.of("/usr/lib/jvm");
    if (!Files.isDirectory(jvm)) {
      return Optional.empty();
    }
    try (Stream<Path> homes = Files.list(jvm)) {
      return homes
          .filter(h -> h.getFileName().toString().startsWith("java-17-openjdk"))
          .filter(h -> Files.isExecutable(h.resolve("bin/javac")))
          .findFirst();
    }
  }

  @Test
  @DisplayName("with only the Debian JDK 17 it fails, naming the JDK it needs and where it looked")
  void onlyJdk17() throws Exception {
    Optional<Path> jdk17 = debianJdk17();
    assumeTrue(jdk17.isPresent(), "no Debian JDK 17 under /usr/lib/jvm");
    Path dirs = Files.createDirectories(dir.resolve("jvm"));
    Files.createSymbolicLink(dirs.resolve("java-17"), jdk17.get());

    Result result =
        run(
            Map.of(
                "JAVA_HOME", jdk17.get().toString(),
                "PATH", jdk17.get().resolve("bin") + ":/usr/bin:/bin",
                "GPU_DRA_JDK_DIRS", dirs.toString()));

    assertThat(result.code()).isEqualTo(1);
    assertThat(result.out()).isEmpty();
    assertThat(result.err())
        .contains("needs a JDK 21 or newer (java and javac)")
        .contains("looked at: JAVA_HOME (" + jdk17.get() + "), java on PATH, " + dirs)
        .contains(jdk17.get() + " (JAVA_HOME): Java 17")
        .contains(dirs.resolve("java-17") + " (" + dirs + "): Java 17");
  }

  @Test
  @DisplayName("JAVA_HOME wins when it is a JDK 21 or newer")
  void javaHomeFirst() throws Exception {
    Path jdk21 = fakeJdk(dir, "jdk-21", 21, true);
    fakeJdk(dir.resolve("jvm"), "jdk-25", 25, true);

    Result result =
        run(
            Map.of(
                "JAVA_HOME", jdk21.toString(), "GPU_DRA_JDK_DIRS", dir.resolve("jvm").toString()));

    assertThat(result.code()).isZero();
    assertThat(result.out()).isEqualTo(jdk21.toString());
  }

  @Test
  @DisplayName("a JRE and an old JDK are passed over for the newest JDK in the directories")
  void newestFittingJdk() throws Exception {
    Path jvm = dir.resolve("jvm");
    Path jre = fakeJdk(jvm, "jre-25", 25, false);
    fakeJdk(jvm, "jdk-17", 17, true);
    fakeJdk(jvm, "jdk-21", 21, true);
    Path jdk24 = fakeJdk(jvm, "jdk-24", 24, true);

    Result result =
        run(
            Map.of(
                "JAVA_HOME", jre.toString(),
                "PATH", pathWithJava17(),
                "GPU_DRA_JDK_DIRS", jvm.toString()));

    assertThat(result.code()).isZero();
    assertThat(result.out()).isEqualTo(jdk24.toString());
  }

  @Test
  @DisplayName("a JRE alone is reported as such")
  void jreReported() throws Exception {
    Path jre = fakeJdk(dir, "jre-21", 21, false);

    Result result =
        run(Map.of("JAVA_HOME", jre.toString(), "PATH", pathWithJava17(), "GPU_DRA_JDK_DIRS", ""));

    assertThat(result.code()).isEqualTo(1);
    assertThat(result.err())
        .contains(jre + " (JAVA_HOME): Java 21 without javac (a JRE)")
        .contains(dir.resolve("path-17") + " (PATH): Java 17")
        .contains("java on PATH, no JDK directories");
  }
}
