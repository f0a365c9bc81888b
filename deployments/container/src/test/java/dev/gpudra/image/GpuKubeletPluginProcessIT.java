package dev.gpudra.image;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.localcluster.api.LocalApiServer;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plugin as the DaemonSet runs it: the image's entry point on the image's classpath alone, its
 * own process, NVIDIA's flags, and SIGTERM at the end.
 */
class GpuKubeletPluginProcessIT {
  @TempDir Path dir;
  private Process process;

  @AfterEach
  void kill() {
    if (process != null) {
      process.destroyForcibly();
    }
  }

  @Test
  @DisplayName(
      "gpu-kubelet-plugin serves on 0600 sockets, publishes slices, and stops cleanly on SIGTERM")
  void runsAndStopsOnSigterm() throws Exception {
    try (LocalApiServer api = new LocalApiServer().start()) {
      api.client()
          .nodes()
          .resource(new NodeBuilder().withNewMetadata().withName("node-a").endMetadata().build())
          .create();
      Path kubeconfig = api.writeKubeconfig(dir.resolve("kubeconfig.yaml"));
      Path registrationSocket = dir.resolve("plugins_registry/gpu.nvidia.com-reg.sock");
      Path draSocket = dir.resolve("plugins/gpu.nvidia.com/dra.sock");
      List<String> args =
          List.of(
              "gpu-kubelet-plugin",
              "--node-name=node-a",
              "--kubeconfig=" + kubeconfig,
              "--cdi-root=" + dir.resolve("cdi"),
              "--kubelet-registrar-directory-path=" + dir.resolve("plugins_registry"),
              "--kubelet-plugins-directory-path=" + dir.resolve("plugins"),
              "--simulated-gpus=dgx-h100",
              "--healthcheck-port=-1",
              // the embedded API server ignores spec.* field selectors
              "--slice-field-selectors=client");
      process =
          new ProcessBuilder(
                  ImageClasspath.fromBuild()
                      .command(List.of("--enable-native-access=ALL-UNNAMED", "-Xmx64m"), args))
              .redirectErrorStream(true)
              .redirectOutput(dir.resolve("plugin.log").toFile())
              .start();

      await()
          .atMost(Duration.ofSeconds(60))
          .until(() -> Files.exists(registrationSocket) && Files.exists(draSocket));
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(draSocket)))
          .isEqualTo("rw-------");
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() ->
              !api.client()
                  .dynamicResourceAllocation()
                  .v1()
                  .resourcesSlices()
                  .list()
                  .getItems()
                  .isEmpty());

      process.destroy(); // SIGTERM, as the kubelet sends when it stops the container
      assertThat(process.waitFor(20, TimeUnit.SECONDS))
          .as(Files.readString(dir.resolve("plugin.log")))
          .isTrue();
      assertThat(process.exitValue()).isIn(0, 143);
      assertThat(draSocket).doesNotExist();
      assertThat(registrationSocket).doesNotExist();
    }
  }
}
