package dev.gpudra.e2e;

import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** {@code gpu-dra explain} as a user runs it against a real cluster: the image's command. */
final class Explain {
  private Explain() {}

  /**
   * Explains {@code claim} (written to a file in {@code dir}) against the cluster of {@code
   * kubeconfig}, in a process on the image's classpath.
   *
   * @return what it printed, report and errors
   */
  static String claim(Path dir, ResourceClaim claim, Path kubeconfig)
      throws IOException, InterruptedException {
    Path file = dir.resolve(claim.getMetadata().getName() + ".yaml");
    Files.writeString(file, Serialization.asYaml(claim));
    Path output = dir.resolve(claim.getMetadata().getName() + ".explain.txt");
    Process process =
        ImageCli.gpuDra(
                ImageCli.libs(),
                "explain",
                "-f",
                file.toString(),
                "--kubeconfig",
                kubeconfig.toString())
            .redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .start();
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("gpu-dra explain still running after 60 s: " + read(output));
    }
    return read(output);
  }

  private static String read(Path output) throws IOException {
    return Files.readString(output, StandardCharsets.UTF_8);
  }
}
