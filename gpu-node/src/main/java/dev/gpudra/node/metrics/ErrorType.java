package dev.gpudra.node.metrics;

/**
 * NVIDIA's {@code error_type} label values of {@code nvidia_dra_node_prepare_errors_total} and
 * {@code nvidia_dra_node_unprepare_errors_total}: each failed claim counts once, by where it
 * failed.
 *
 * <p>NVIDIA's fourth value, {@code publish_resources}, counts claims that failed because the
 * ResourceSlice republish after their prepare failed. Here no claim fails that way: slices are
 * published asynchronously and retried, and the prepare's result does not wait for them; a failed
 * sync counts in {@code gpu_dra_resourceslice_publish_errors_total} instead, so the prepare error
 * counters keep NVIDIA's meaning (claims that failed).
 */
public enum ErrorType {
  /** The node lock ({@code pu.lock}) was not acquired in time. */
  LOCK_ACQUIRE("lock_acquire"),
  /** The driver could not prepare the claim's devices. */
  PREPARE_DEVICES("prepare_devices"),
  /** The driver could not release the claim's devices. */
  UNPREPARE_DEVICES("unprepare_devices");

  private final String label;

  ErrorType(String label) {
    this.label = label;
  }

  /** The label value, as NVIDIA's plugin writes it. */
  public String label() {
    return label;
  }
}
