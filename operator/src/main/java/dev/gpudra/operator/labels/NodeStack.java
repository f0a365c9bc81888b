package dev.gpudra.operator.labels;

/** Which node-side GPU stack a GPU node runs. */
public enum NodeStack {
  /** NVIDIA's classic device plugin (our {@code gpu-dra device-plugin}): {@code nvidia.com/gpu}. */
  DEVICE_PLUGIN,
  /** gpu-dra's DRA driver: {@code gpu.nvidia.com} ResourceSlices. */
  DRA,
  /** Neither, while the node moves from one to the other. */
  NONE
}
