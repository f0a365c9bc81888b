package dev.gpudra.operator.render.nvidia.gfd;

import dev.gpudra.api.clusterpolicy.MigStrategy;
import dev.gpudra.operator.render.PodParts;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.PodSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * Variables NVIDIA's operator sets on a container after the component's {@code env}, so they win
 * over it: set by name, in place when present, else appended.
 */
public final class GfdEnv {
  private GfdEnv() {}

  public static Container container(PodSpec pod, String name) {
    return pod.getContainers().stream()
        .filter(c -> c.getName().equals(name))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no container " + name));
  }

  public static void set(Container container, String name, String value) {
    List<EnvVar> env = new ArrayList<>(container.getEnv());
    for (int i = 0; i < env.size(); i++) {
      if (env.get(i).getName().equals(name)) {
        env.set(i, PodParts.env(name, value));
        container.setEnv(env);
        return;
      }
    }
    env.add(PodParts.env(name, value));
    container.setEnv(env);
  }

  /**
   * {@code spec.mig.strategy} as NVIDIA gives it to GPU feature discovery and the device plugin:
   * none given, only {@code NVIDIA_MIG_MONITOR_DEVICES=all} (the binary decides per node); else
   * {@code MIG_STRATEGY}, with the monitor variable unless {@code none}.
   */
  static void mig(Container container, MigStrategy strategy) {
    if (strategy == null) {
      set(container, "NVIDIA_MIG_MONITOR_DEVICES", "all");
      return;
    }
    set(container, "MIG_STRATEGY", strategy.name().toLowerCase(java.util.Locale.ROOT));
    if (strategy != MigStrategy.NONE) {
      set(container, "NVIDIA_MIG_MONITOR_DEVICES", "all");
    }
  }
}
