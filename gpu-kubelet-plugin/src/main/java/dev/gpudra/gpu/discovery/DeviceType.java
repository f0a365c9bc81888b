package dev.gpudra.gpu.discovery;

/** The kinds of device the GPU driver publishes, with their {@code type} attribute value. */
public enum DeviceType {
  GPU("gpu"),
  MIG("mig"),
  VFIO("vfio");

  private final String attribute;

  DeviceType(String attribute) {
    this.attribute = attribute;
  }

  /** The value of the {@code gpu.nvidia.com/type} attribute. */
  public String attribute() {
    return attribute;
  }
}
