package dev.gpudra.deviceplugin.devices;

/** How a resource's devices are shared between containers. */
public enum SharingKind {
  /** Each device goes to one container. */
  NONE,
  /** {@code sharing.timeSlicing}: replicas of a GPU, its time shared by the CUDA driver. */
  TIME_SLICING,
  /**
   * {@code sharing.mps}: replicas of a GPU served by the node's MPS control daemon for the
   * resource, each with its share of memory and threads.
   */
  MPS
}
