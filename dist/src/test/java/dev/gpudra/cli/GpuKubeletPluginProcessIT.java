package dev.gpudra.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.bench.ChildJvm;
import dev.gpudra.bench.PluginLayout;
import dev.gpudra.localcluster.api.LocalApiServer;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The plugin as a DaemonSet runs it: its own process, flags, and SIGTERM at the end. */
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
      PluginLayout layout = new PluginLayout(dir, "node-a");
      api.writeKubeconfig(layout.kubeconfig());
      Path draSocket = layout.dataDir().resolve("dra.sock");
      List<String> args = new ArrayList<>(layout.pluginArgs("dgx-h100"));
      ChildJvm jvm =
          new ChildJvm(
              Path.of(System.getProperty("java.home"), "bin", "java"),
              List.of("--enable-native-access=ALL-UNNAMED", "-Xmx64m"),
              System.getProperty("java.class.path"));
      process =
          new ProcessBuilder(jvm.command(args))
              .redirectErrorStream(true)
              .redirectOutput(dir.resolve("plugin.log").toFile())
              .start();

      await()
          .atMost(Duration.ofSeconds(60))
          .until(() -> Files.exists(layout.registrationSocket()) && Files.exists(draSocket));
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
      assertThat(layout.registrationSocket()).doesNotExist();
    }
  }
}
