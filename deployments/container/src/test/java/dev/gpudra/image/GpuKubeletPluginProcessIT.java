package dev.gpudra.image;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.localcluster.api.LocalApiServer;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
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
  private PluginProcess process;

  @AfterEach
  void kill() {
    if (process != null) {
      process.close();
    }
  }

  @Test
  @DisplayName(
      "gpu-kubelet-plugin serves on 0600 sockets, publishes slices, and stops cleanly on SIGTERM")
  void runsAndStopsOnSigterm() throws Exception {
    try (LocalApiServer api = new LocalApiServer().start()) {
      api.client()
          .nodes()
          .resource(
              new NodeBuilder()
                  .withNewMetadata()
                  .withName(PluginProcess.NODE)
                  .endMetadata()
                  .build())
          .create();
      Path node = dir.resolve("node");
      Path registrationSocket = PluginProcess.registrationSocket(node);
      Path draSocket = PluginProcess.draSocket(node);
      process =
          PluginProcess.start(
              node, api.writeKubeconfig(dir.resolve("kubeconfig.yaml")), dir.resolve("plugin.log"));

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

      process.terminate(); // SIGTERM, as the kubelet sends when it stops the container
      assertThat(process.awaitExit(Duration.ofSeconds(20))).as(process.log()).isIn(0, 143);
      assertThat(draSocket).doesNotExist();
      assertThat(registrationSocket).doesNotExist();
    }
  }
}
