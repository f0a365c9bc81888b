package dev.gpudra.realcluster.registry;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The Java side of {@code ./gpu-dra image push} (module image-push) as a child process, on its own
 * classpath: what the launcher runs once the image tar is built, so the suites push our image the
 * way a user does.
 *
 * @param classpath the image-push jar and its libraries
 * @param java the {@code java} to run it with
 */
public record ImagePushTool(String classpath, Path java) {
  private static final long TIMEOUT_MINUTES = 5;

  /** With this JVM's {@code java}. */
  public static ImagePushTool of(String classpath) {
    return new ImagePushTool(classpath, Path.of(System.getProperty("java.home"), "bin", "java"));
  }

  /**
   * Pushes {@code tar} to {@code target}, plain HTTP allowed ({@code --insecure}).
   *
   * @param tags further tags
   * @return {@code target@sha256:...}, as the command prints it
   * @throws IllegalStateException when the push fails, with what the command said
   */
  public String pushInsecure(Path tar, String target, List<String> tags)
      throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(
            List.of(
                java.toString(),
                "-cp",
                classpath,
                "dev.gpudra.imagepush.ImageCommand",
                "push",
                "--insecure",
                "--tar",
                tar.toString()));
    for (String tag : tags) {
      command.addAll(List.of("--tag", tag));
    }
    command.add(target);
    Path err = Files.createTempFile("gpu-dra-image-push", ".log");
    try {
      Process process = new ProcessBuilder(command).redirectError(err.toFile()).start();
      process.getOutputStream().close();
      String out = new String(process.getInputStream().readAllBytes()).strip();
      if (!process.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
        process.destroyForcibly().waitFor();
        throw new IllegalStateException("gpu-dra image push " + target + " did not finish");
      }
      if (process.exitValue() != 0) {
        throw new IllegalStateException(
            "gpu-dra image push "
                + target
                + " exited with "
                + process.exitValue()
                + ": "
                + Files.readString(err).strip());
      }
      return out;
    } finally {
      Files.deleteIfExists(err);
    }
  }
}
