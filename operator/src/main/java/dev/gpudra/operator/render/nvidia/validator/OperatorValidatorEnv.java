package dev.gpudra.operator.render.nvidia.validator;

import dev.gpudra.api.clusterpolicy.EnvVar;
import dev.gpudra.operator.render.PodParts;
import io.fabric8.kubernetes.api.model.Container;
import java.util.ArrayList;
import java.util.List;

/**
 * Setting a container's variable as NVIDIA's operator does: a variable already there keeps its
 * place and takes the new value, a new one is appended (so the policy's {@code env} overrides the
 * asset's by name).
 */
public final class OperatorValidatorEnv {
  private OperatorValidatorEnv() {}

  public static void set(Container container, String name, String value) {
    List<io.fabric8.kubernetes.api.model.EnvVar> env = new ArrayList<>(container.getEnv());
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

  static void setAll(Container container, List<EnvVar> variables) {
    for (EnvVar variable : variables) {
      set(container, variable.name(), variable.value());
    }
  }
}
