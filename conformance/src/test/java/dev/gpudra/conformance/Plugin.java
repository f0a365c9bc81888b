package dev.gpudra.conformance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A {@code gpu.nvidia.com} kubelet plugin binary, started the way its DaemonSet starts it. */
sealed interface Plugin {
  /** Short name for logs and messages. */
  String name();

  /** The command that runs it for {@code node} on the mock driver root {@code driverRoot}. */
  List<String> command(Node node, Path driverRoot);

  /**
   * Where one plugin runs: its node's name, the API server's kubeconfig, and a directory for the
   * node's CDI root, kubelet directories and the plugin's log.
   */
  record Node(String name, Path kubeconfig, Path dir) {
    /** NVIDIA's flag names, which ours takes too. */
    List<String> flags(Path driverRoot) {
      return List.of(
          "--node-name=" + name,
          "--kubeconfig=" + kubeconfig,
          "--cdi-root=" + dir.resolve("cdi"),
          "--kubelet-registrar-directory-path=" + dir.resolve("plugins_registry"),
          "--kubelet-plugins-directory-path=" + dir.resolve("plugins"),
          "--nvidia-driver-root=" + driverRoot,
          "--container-driver-root=" + driverRoot,
          "--healthcheck-port=-1");
    }

    /** The kubelet's directories and the CDI root, as a node has them before any plugin. */
    void createDirectories() {
      try {
        for (String sub : List.of("cdi", "plugins_registry", "plugins")) {
          Files.createDirectories(dir.resolve(sub));
        }
      } catch (IOException e) {
        throw new UncheckedIOException("cannot create the node's directories in " + dir, e);
      }
    }

    Path log() {
      return dir.resolve("plugin.log");
    }
  }

  /** NVIDIA's binary from {@code shared/peer}. */
  record Nvidia(NvidiaPeer peer) implements Plugin {
    @Override
    public String name() {
      return "NVIDIA's";
    }

    @Override
    public List<String> command(Node node, Path driverRoot) {
      List<String> command = new ArrayList<>(List.of(peer.binary().toString()));
      command.addAll(node.flags(driverRoot));
      command.add("--nvidia-cdi-hook-path=" + peer.cdiHook());
      command.add("--image-name=conformance.invalid/unused:0");
      return command;
    }
  }

  /** Ours: {@code gpu-dra gpu-kubelet-plugin} on the image's classpath, NVML through JNA. */
  record Ours(Path libs) implements Plugin {
    /**
     * Ours on the image's classpath, which Failsafe passes as {@code gpu-dra.image.libs}.
     *
     * @throws IllegalStateException when that is no directory (run by Surefire, or not built)
     */
    static Ours ofImage() {
      Path libs = Path.of(System.getProperty("gpu-dra.image.libs", "target/no-image-libs"));
      if (!Files.isDirectory(libs)) {
        throw new IllegalStateException(
            "no image classpath at "
                + libs
                + ": build deployments/container, and run the suites with Failsafe (-Dit.test)");
      }
      return new Ours(libs);
    }

    @Override
    public String name() {
      return "ours";
    }

    @Override
    public List<String> command(Node node, Path driverRoot) {
      List<String> command =
          new ArrayList<>(
              List.of(
                  Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                  "-XX:TieredStopAtLevel=1",
                  "-XX:+UseSerialGC",
                  "--enable-native-access=ALL-UNNAMED",
                  "-cp",
                  libs.toAbsolutePath() + "/*",
                  "dev.gpudra.cli.GpuDra",
                  "gpu-kubelet-plugin"));
      command.addAll(node.flags(driverRoot));
      // the embedded API server ignores spec.* field selectors
      command.add("--slice-field-selectors=client");
      return command;
    }
  }
}
