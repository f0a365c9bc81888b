package dev.gpudra.kit.served;

/** A ResourceSlice field that kube-apiserver drops while its gate is off. */
public enum SliceField {
  /** {@code devices[].taints}. */
  DEVICE_TAINTS("devices[].taints", "DRADeviceTaints", "1.36"),
  /** {@code devices[].allowMultipleAllocations} and capacity request policies. */
  CONSUMABLE_CAPACITY("devices[].allowMultipleAllocations", "DRAConsumableCapacity", "1.36"),
  /** {@code sharedCounters} and {@code devices[].consumesCounters}. */
  SHARED_COUNTERS("devices[].consumesCounters", "DRAPartitionableDevices", "1.36"),
  /** {@code devices[].bindingConditions}, {@code bindingFailureConditions}, {@code bindsToNode}. */
  BINDING_CONDITIONS(
      "devices[].bindingConditions",
      "DRADeviceBindingConditions (with DRAResourceClaimDeviceStatus)",
      "1.36"),
  /** {@code devices[].consumesCounters[].compatibilityGroups}: alpha in 1.37, off by default. */
  COMPATIBILITY_GROUPS(
      "devices[].consumesCounters[].compatibilityGroups", "DRADeviceCompatibilityGroups", ""),
  /** List-valued attributes ({@code ints}, {@code strings}, ...): alpha in 1.36, off by default. */
  LIST_ATTRIBUTES("devices[].attributes[].ints", "DRAListTypeAttributes", "");

  private final String field;
  private final String gate;
  private final String onByDefault;

  SliceField(String field, String gate, String onByDefault) {
    this.field = field;
    this.gate = gate;
    this.onByDefault = onByDefault;
  }

  /** How the field is spelled in the slice's spec. */
  public String field() {
    return field;
  }

  /** The kube-apiserver (and kube-scheduler) feature gate that keeps it. */
  public String gate() {
    return gate;
  }

  /** The first Kubernetes release that has the gate on by default; empty while none has. */
  public String onByDefault() {
    return onByDefault;
  }

  /** One line for a log or an error: what is dropped and what keeps it. */
  public String dropped() {
    return "the API server drops "
        + field
        + " (kube-apiserver feature gate "
        + gate
        + " is off; "
        + (onByDefault.isEmpty()
            ? "alpha, off by default"
            : "on by default from Kubernetes " + onByDefault)
        + ")";
  }
}
