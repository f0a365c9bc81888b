package dev.gpudra.deviceclasses.model;

/**
 * The DeviceClasses of the NVIDIA DRA driver, with the exact CEL selectors of the reference chart.
 * The declaration order is the rendering order.
 */
public enum NvidiaDeviceClass {
  GPU(
      "gpu.nvidia.com",
      DriverKind.GPU,
      "device.driver == 'gpu.nvidia.com' && device.attributes['gpu.nvidia.com'].type == 'gpu'"),
  MIG(
      "mig.nvidia.com",
      DriverKind.GPU,
      "device.driver == 'gpu.nvidia.com' && device.attributes['gpu.nvidia.com'].type == 'mig'"),
  VFIO(
      "vfio.gpu.nvidia.com",
      DriverKind.GPU,
      "device.driver == 'gpu.nvidia.com' && device.attributes['gpu.nvidia.com'].type == 'vfio'"),
  COMPUTE_DOMAIN_DAEMON(
      "compute-domain-daemon.nvidia.com",
      DriverKind.COMPUTE_DOMAIN,
      "device.driver == 'compute-domain.nvidia.com'"
          + " && device.attributes['compute-domain.nvidia.com'].type == 'daemon'"),
  COMPUTE_DOMAIN_DEFAULT_CHANNEL(
      "compute-domain-default-channel.nvidia.com",
      DriverKind.COMPUTE_DOMAIN,
      "device.driver == 'compute-domain.nvidia.com'"
          + " && device.attributes['compute-domain.nvidia.com'].type == 'channel'"
          + " && device.attributes['compute-domain.nvidia.com'].id == 0");

  /** The extended resource that the GPU class can take over from the device plugin. */
  public static final String NVIDIA_GPU_EXTENDED_RESOURCE = "nvidia.com/gpu";

  private final String className;
  private final DriverKind driver;
  private final String selector;

  NvidiaDeviceClass(String className, DriverKind driver, String selector) {
    this.className = className;
    this.driver = driver;
    this.selector = selector;
  }

  /** The DeviceClass object name. */
  public String className() {
    return className;
  }

  /** The driver whose devices this class selects. */
  public DriverKind driver() {
    return driver;
  }

  /** The one CEL selector of the class. */
  public String selector() {
    return selector;
  }
}
