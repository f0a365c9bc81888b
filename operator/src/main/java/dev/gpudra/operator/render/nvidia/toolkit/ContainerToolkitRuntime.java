package dev.gpudra.operator.render.nvidia.toolkit;

import dev.gpudra.api.clusterpolicy.Runtime;
import dev.gpudra.operator.render.PodParts;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What the toolkit container is told of the node's container runtime, as NVIDIA's operator tells
 * it: {@code RUNTIME}, and for each of the runtime's files (its top-level config, its drop-in
 * config, its socket, the NRI socket when the NRI plugin is on) the host directory mounted under
 * {@code /runtime/} and the variables naming the file there. A host path the policy's {@code
 * toolkit.env} already names ({@code CONTAINERD_CONFIG}, {@code RUNTIME_CONFIG}, {@code
 * RUNTIME_DROP_IN_CONFIG}, {@code CONTAINERD_SOCKET}, {@code DOCKER_SOCKET}, {@code NRI_SOCKET}...)
 * is used instead of the runtime's default, and the variable is rewritten to the mounted path, so
 * these edits come after the policy's variables.
 *
 * @param runtime the GPU nodes' runtime
 * @param runtimeClass the RuntimeClass containerd is configured with ({@code
 *     operator.runtimeClass})
 * @param nriPlugin whether the toolkit runs its NRI plugin ({@code cdi.nriPluginEnabled})
 */
record ContainerToolkitRuntime(Runtime runtime, String runtimeClass, boolean nriPlugin) {
  static final String CONFIG_DIR = "/runtime/config-dir/";
  static final String DROP_IN_DIR = "/runtime/config-dir.d/";
  static final String SOCKET_DIR = "/runtime/sock-dir/";
  static final String NRI_SOCKET_DIR = "/runtime/nri-sock-dir/";

  /** NVIDIA's name of the runtime, also the prefix of its volumes. */
  String runtimeName() {
    return switch (runtime) {
      case CONTAINERD -> "containerd";
      case CRIO -> "crio";
      case DOCKER -> "docker";
    };
  }

  /**
   * Edits the variables and adds the mounts and volumes.
   *
   * @param mounts the toolkit container's mounts, appended to
   * @param volumes the pod's volumes, appended to
   */
  void applyTo(ContainerToolkitEnv env, List<VolumeMount> mounts, List<Volume> volumes) {
    env.set("RUNTIME", runtimeName());
    if (runtime == Runtime.CONTAINERD) {
      env.set("CONTAINERD_RUNTIME_CLASS", runtimeClass);
    }
    String config = topLevelConfig(env);
    env.set("RUNTIME_CONFIG", CONFIG_DIR + baseName(config));
    env.set(configVariable(), CONFIG_DIR + baseName(config));
    mount(runtimeName() + "-config", CONFIG_DIR, directory(config), mounts, volumes);
    if (runtime != Runtime.DOCKER) {
      String dropIn = env.get("RUNTIME_DROP_IN_CONFIG").orElse(defaultDropIn());
      env.set("RUNTIME_DROP_IN_CONFIG", DROP_IN_DIR + baseName(dropIn));
      env.set("RUNTIME_DROP_IN_CONFIG_HOST_PATH", dropIn);
      mount(runtimeName() + "-drop-in-config", DROP_IN_DIR, directory(dropIn), mounts, volumes);
    }
    env.get("RUNTIME_CONFIG_SOURCE").ifPresent(s -> env.set("RUNTIME_CONFIG_SOURCE", sources(s)));
    if (runtime != Runtime.CRIO) {
      String socketVariable = runtime == Runtime.CONTAINERD ? "CONTAINERD_SOCKET" : "DOCKER_SOCKET";
      String socket = env.get(socketVariable).orElse(defaultSocket());
      env.set("RUNTIME_SOCKET", SOCKET_DIR + baseName(socket));
      env.set(socketVariable, SOCKET_DIR + baseName(socket));
      mounts.add(PodParts.mount(runtimeName() + "-socket", SOCKET_DIR));
      volumes.add(PodParts.hostPath(runtimeName() + "-socket", directory(socket), null));
    }
    if (nriPlugin) {
      String socket = env.get("NRI_SOCKET").orElse("/var/run/nri/nri.sock");
      env.set("NRI_SOCKET", NRI_SOCKET_DIR + baseName(socket));
      mount("nri-socket", NRI_SOCKET_DIR, directory(socket), mounts, volumes);
    }
  }

  private String topLevelConfig(ContainerToolkitEnv env) {
    return env.get(configVariable())
        .or(() -> env.get("RUNTIME_CONFIG"))
        .orElse(
            switch (runtime) {
              case CONTAINERD -> "/etc/containerd/config.toml";
              case CRIO -> "/etc/crio/config.toml";
              case DOCKER -> "/etc/docker/daemon.json";
            });
  }

  private String configVariable() {
    return switch (runtime) {
      case CONTAINERD -> "CONTAINERD_CONFIG";
      case CRIO -> "CRIO_CONFIG";
      case DOCKER -> "DOCKER_CONFIG";
    };
  }

  private String defaultDropIn() {
    return runtime == Runtime.CONTAINERD
        ? "/etc/containerd/conf.d/99-nvidia.toml"
        : "/etc/crio/crio.conf.d/99-nvidia.conf";
  }

  private String defaultSocket() {
    return runtime == Runtime.CONTAINERD
        ? "/run/containerd/containerd.sock"
        : "/var/run/docker.sock";
  }

  /**
   * {@code file=<host path>} sources read through the container's view of the host, {@code /host}.
   */
  private static String sources(String value) {
    List<String> sources = new ArrayList<>();
    for (String source : value.split(",")) {
      String[] parts = source.split("=", 2);
      sources.add(
          parts.length == 2 && parts[0].equals("file")
              ? "file=" + Path.of("/host", parts[1]).normalize()
              : source);
    }
    return String.join(",", sources);
  }

  private static void mount(
      String name, String path, String hostDir, List<VolumeMount> mounts, List<Volume> volumes) {
    mounts.add(PodParts.mount(name, path));
    volumes.add(PodParts.hostPath(name, hostDir, "DirectoryOrCreate"));
  }

  private static String baseName(String path) {
    String trimmed =
        path.endsWith("/") && path.length() > 1 ? path.substring(0, path.length() - 1) : path;
    return trimmed.substring(trimmed.lastIndexOf('/') + 1);
  }

  private static String directory(String path) {
    int slash = path.lastIndexOf('/');
    return slash <= 0 ? (slash == 0 ? "/" : ".") : path.substring(0, slash);
  }
}
