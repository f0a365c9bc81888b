package dev.gpudra.demo;

import dev.gpudra.gpu.mps.MpsDeployment;
import dev.gpudra.node.mps.ControlDaemonSettings;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The container of an MPS control daemon pod as the demo's node runs it: its {@code gpu-dra
 * mps-control-daemon} arguments, with each container path it names mapped to the host path of the
 * hostPath volume mounted there (the pod has no file system of its own here).
 */
final class MpsDaemonContainer {
  private static final String ARG = "--";

  /** The single-valued arguments of {@code gpu-dra mps-control-daemon}. */
  private static final Set<String> KNOWN =
      Set.of(
          "driver-root",
          "pipe-dir",
          "log-dir",
          "active-thread-percentage",
          "check-seconds",
          "multi-user");

  private MpsDaemonContainer() {}

  /** Whether the pod is one of the GPU plugin's MPS control daemons. */
  static boolean isDaemon(Pod pod) {
    Map<String, String> labels = pod.getMetadata().getLabels();
    return labels != null
        && MpsDeployment.COMPONENT.equals(labels.get(MpsDeployment.COMPONENT_LABEL))
        && pod.getSpec().getContainers().size() == 1;
  }

  /**
   * The daemon's settings, as {@code gpu-dra mps-control-daemon} reads its arguments.
   *
   * @throws IllegalArgumentException an argument this command does not take, or a path on no
   *     hostPath volume
   */
  static ControlDaemonSettings settings(Pod pod) {
    Container container = pod.getSpec().getContainers().getFirst();
    List<String> args = container.getArgs() == null ? List.of() : container.getArgs();
    if (args.isEmpty() || !MpsDeployment.COMPONENT.equals(args.getFirst())) {
      throw new IllegalArgumentException(
          "pod " + name(pod) + ": the container does not run " + MpsDeployment.COMPONENT);
    }
    Map<String, String> single = new LinkedHashMap<>();
    Map<String, String> limits = new LinkedHashMap<>();
    for (String arg : args.subList(1, args.size())) {
      int eq = arg.indexOf('=');
      if (!arg.startsWith(ARG) || eq < 0) {
        throw new IllegalArgumentException("pod " + name(pod) + ": unexpected argument " + arg);
      }
      String key = arg.substring(ARG.length(), eq);
      String value = arg.substring(eq + 1);
      if (key.equals("pinned-device-memory-limit")) {
        int at = value.indexOf('=');
        if (at < 1) {
          throw new IllegalArgumentException(
              "pod "
                  + name(pod)
                  + ": --pinned-device-memory-limit must be <UUID>=<MiB>M: "
                  + value);
        }
        limits.put(value.substring(0, at), value.substring(at + 1));
      } else {
        single.put(key, value);
      }
    }
    Set<String> unknown = new TreeSet<>(single.keySet());
    unknown.removeAll(KNOWN);
    if (!unknown.isEmpty()) {
      throw new IllegalArgumentException("pod " + name(pod) + ": unknown arguments " + unknown);
    }
    Map<String, Path> mounts = mounts(pod, container);
    return new ControlDaemonSettings(
        host(pod, mounts, single.getOrDefault("driver-root", MpsDeployment.DRIVER_ROOT)),
        host(pod, mounts, single.getOrDefault("pipe-dir", MpsDeployment.PIPE_DIR)),
        host(pod, mounts, single.getOrDefault("log-dir", MpsDeployment.LOG_DIR)),
        Optional.ofNullable(single.get("active-thread-percentage")).map(Integer::valueOf),
        limits,
        Duration.ofSeconds(Long.parseLong(single.getOrDefault("check-seconds", "10"))),
        Boolean.parseBoolean(single.getOrDefault("multi-user", "false")));
  }

  /** Container path to host path, per hostPath volume mount. */
  private static Map<String, Path> mounts(Pod pod, Container container) {
    Map<String, Path> volumes = new LinkedHashMap<>();
    for (Volume v : pod.getSpec().getVolumes()) {
      if (v.getHostPath() != null) {
        volumes.put(v.getName(), Path.of(v.getHostPath().getPath()));
      }
    }
    Map<String, Path> mounts = new LinkedHashMap<>();
    for (VolumeMount m : container.getVolumeMounts()) {
      Path host = volumes.get(m.getName());
      if (host != null) {
        mounts.put(m.getMountPath(), host);
      }
    }
    return mounts;
  }

  private static Path host(Pod pod, Map<String, Path> mounts, String containerPath) {
    Path path = Path.of(containerPath);
    return mounts.entrySet().stream()
        .filter(m -> path.startsWith(m.getKey()))
        .max(java.util.Comparator.comparingInt(m -> m.getKey().length()))
        .map(m -> m.getValue().resolve(Path.of(m.getKey()).relativize(path)))
        .orElseThrow(() ->
            new IllegalArgumentException(
                "pod "
                    + name(pod)
                    + ": "
                    + containerPath
                    + " is on no hostPath volume (the demo's node runs no container file"
                    + " system)"));
  }

  private static String name(Pod pod) {
    return pod.getMetadata().getNamespace() + "/" + pod.getMetadata().getName();
  }
}
