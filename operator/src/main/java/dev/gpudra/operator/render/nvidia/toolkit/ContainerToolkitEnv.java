package dev.gpudra.operator.render.nvidia.toolkit;

import dev.gpudra.api.clusterpolicy.EnvVar;
import dev.gpudra.operator.render.PodParts;
import dev.gpudra.operator.render.nvidia.component.NvidiaComponent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A container's variables as NVIDIA's operator edits them one by one: setting a variable that is
 * there replaces its value in place, a new one is appended. The order of the edits matters (a later
 * edit wins), which is why the toolkit's and the driver's states build their variables with it
 * instead of {@link NvidiaComponent}'s final merge of the component's {@code env}.
 */
public final class ContainerToolkitEnv {
  private final Map<String, io.fabric8.kubernetes.api.model.EnvVar> variables =
      new LinkedHashMap<>();

  /**
   * @param initial the asset's variables, in order
   */
  public ContainerToolkitEnv(io.fabric8.kubernetes.api.model.EnvVar... initial) {
    for (io.fabric8.kubernetes.api.model.EnvVar variable : initial) {
      variables.put(variable.getName(), variable);
    }
  }

  /** Sets {@code name} to a plain value, in place when it is there. */
  public ContainerToolkitEnv set(String name, String value) {
    variables.put(name, PodParts.env(name, value));
    return this;
  }

  /** Sets each of the policy's variables in turn ({@code null} sets nothing). */
  public ContainerToolkitEnv setAll(List<EnvVar> env) {
    if (env != null) {
      env.forEach(variable -> set(variable.name(), variable.value()));
    }
    return this;
  }

  /** The plain value of {@code name}, empty when unset, blank or taken from a field. */
  Optional<String> get(String name) {
    return Optional.ofNullable(variables.get(name))
        .map(io.fabric8.kubernetes.api.model.EnvVar::getValue)
        .filter(value -> !value.isEmpty());
  }

  public List<io.fabric8.kubernetes.api.model.EnvVar> toList() {
    return new ArrayList<>(variables.values());
  }
}
