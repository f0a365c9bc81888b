package dev.gpudra.kit.cdi;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/** Changes a CDI device (or the whole spec) makes to a container. Lists are never null. */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"env", "deviceNodes", "hooks", "mounts"})
public record ContainerEdits(
    List<String> env, List<DeviceNode> deviceNodes, List<Mount> mounts, List<Hook> hooks) {
  public ContainerEdits {
    env = env == null ? List.of() : List.copyOf(env);
    deviceNodes = deviceNodes == null ? List.of() : List.copyOf(deviceNodes);
    mounts = mounts == null ? List.of() : List.copyOf(mounts);
    hooks = hooks == null ? List.of() : List.copyOf(hooks);
    for (String variable : env) {
      if (!variable.contains("=")) {
        throw new IllegalArgumentException("env entries are NAME=VALUE: " + variable);
      }
    }
  }

  /** No edits. */
  public static ContainerEdits none() {
    return new ContainerEdits(null, null, null, null);
  }

  public static ContainerEdits ofNodes(List<DeviceNode> nodes) {
    return new ContainerEdits(List.of(), nodes, List.of(), List.of());
  }

  /** These edits, then {@code more}'s. */
  public ContainerEdits followedBy(ContainerEdits more) {
    return new ContainerEdits(
        concat(env, more.env),
        concat(deviceNodes, more.deviceNodes),
        concat(mounts, more.mounts),
        concat(hooks, more.hooks));
  }

  private static <T> List<T> concat(List<T> first, List<T> second) {
    List<T> all = new java.util.ArrayList<>(first);
    all.addAll(second);
    return all;
  }

  @JsonIgnore
  public boolean isEmpty() {
    return env.isEmpty() && deviceNodes.isEmpty() && mounts.isEmpty() && hooks.isEmpty();
  }
}
