package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The container runtime NVIDIA's operator configures by default ({@code
 * spec.operator.defaultRuntime}).
 */
public enum Runtime {
  /** Docker. */
  @JsonProperty("docker")
  DOCKER,
  /** CRI-O. */
  @JsonProperty("crio")
  CRIO,
  /** containerd. */
  @JsonProperty("containerd")
  CONTAINERD
}
