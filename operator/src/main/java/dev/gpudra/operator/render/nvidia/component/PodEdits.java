package dev.gpudra.operator.render.nvidia.component;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import java.util.List;

/**
 * Finding what a transform edits in an operand's base pod by name; a name the base object lacks is
 * a defect of the resource and the code together, refused as an {@link IllegalArgumentException}
 * naming it.
 */
public final class PodEdits {
  private PodEdits() {}

  /** The pod's container {@code name}. */
  public static Container container(PodSpec pod, String name) {
    return named(pod.getContainers(), name, "container");
  }

  /** The pod's init container {@code name}. */
  public static Container initContainer(PodSpec pod, String name) {
    return named(pod.getInitContainers(), name, "init container");
  }

  /** Sets the host path of the pod's volume {@code volume}. */
  public static void hostPath(PodSpec pod, String volume, String path) {
    Volume found =
        pod.getVolumes().stream()
            .filter(v -> v.getName().equals(volume) && v.getHostPath() != null)
            .findFirst()
            .orElseThrow(() -> new IllegalArgumentException("no hostPath volume " + volume));
    found.getHostPath().setPath(path);
  }

  /** Sets where {@code container} mounts the volume {@code volume}. */
  public static void mountPath(Container container, String volume, String path) {
    VolumeMount found =
        container.getVolumeMounts().stream()
            .filter(m -> m.getName().equals(volume))
            .findFirst()
            .orElseThrow(() ->
                new IllegalArgumentException(container.getName() + " does not mount " + volume));
    found.setMountPath(path);
  }

  private static Container named(List<Container> containers, String name, String what) {
    return containers.stream()
        .filter(c -> c.getName().equals(name))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no " + what + " " + name));
  }
}
