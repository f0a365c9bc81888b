package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Which sandbox stack runs virtual-machine workloads ({@code spec.sandboxWorkloads.mode}, newer
 * upstream; whether NVIDIA's CRD defaults it is not known, its docs name these two values).
 */
public enum SandboxMode {
  /** KubeVirt virtual machines: the sandbox device plugin runs (the chart's default). */
  @JsonProperty("kubevirt")
  KUBEVIRT,
  /** Kata Containers: the Kata sandbox device plugin and the CC manager run. */
  @JsonProperty("kata")
  KATA
}
