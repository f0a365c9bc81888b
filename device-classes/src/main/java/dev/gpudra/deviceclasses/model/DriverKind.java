package dev.gpudra.deviceclasses.model;

/** The two kubelet plugins whose DeviceClasses can be installed independently. */
public enum DriverKind {
  /** {@code gpu.nvidia.com}: full GPUs, MIG devices and VFIO passthrough devices. */
  GPU("gpu.nvidia.com"),
  /** {@code compute-domain.nvidia.com}: IMEX daemons and channels of a ComputeDomain. */
  COMPUTE_DOMAIN("compute-domain.nvidia.com");

  private final String driverName;

  DriverKind(String driverName) {
    this.driverName = driverName;
  }

  /** The DRA driver name, which is also the attribute domain of its devices. */
  public String driverName() {
    return driverName;
  }
}
