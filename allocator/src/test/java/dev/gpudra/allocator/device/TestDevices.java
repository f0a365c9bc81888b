package dev.gpudra.allocator.device;

import io.fabric8.kubernetes.api.model.Quantity;
import java.util.Map;

/** Hand-built devices shaped like what the drivers publish. */
public final class TestDevices {
  private TestDevices() {}

  /** The upstream test device: driver dra.example.com with an unqualified bool {@code name}. */
  public static DeviceView example() {
    return new DeviceView(
        "dra.example.com",
        Map.of(
            "name", bool(true),
            "count", integer(3),
            "model", string("a100"),
            "version", version("1.2.3-rc.1"),
            "other.example.com/flag", bool(false)),
        Map.of("memory", new Quantity("8Gi"), "other.example.com/slots", new Quantity("4")));
  }

  /** A full H100 as gpu.nvidia.com publishes it (HEAD attribute set). */
  public static DeviceView nvidiaGpu() {
    return new DeviceView(
        "gpu.nvidia.com",
        Map.ofEntries(
            Map.entry("type", string("gpu")),
            Map.entry("uuid", string("GPU-4404041a-04cf-1ccf-9e70-f139a9b1e23c")),
            Map.entry("productName", string("NVIDIA H100 80GB HBM3")),
            Map.entry("brand", string("Nvidia")),
            Map.entry("architecture", string("Hopper")),
            Map.entry("cudaComputeCapability", version("9.0.0")),
            Map.entry("driverVersion", version("580.95.5")),
            Map.entry("cudaDriverVersion", version("13.0.0")),
            Map.entry("resource.kubernetes.io/pciBusID", string("0000:3b:00.0")),
            Map.entry("resource.kubernetes.io/pcieRoot", string("pci0000:00"))),
        Map.of("memory", new Quantity("81559Mi")));
  }

  /** A static 1g.10gb MIG device on that H100. */
  public static DeviceView nvidiaMig() {
    return new DeviceView(
        "gpu.nvidia.com",
        Map.ofEntries(
            Map.entry("type", string("mig")),
            Map.entry("uuid", string("MIG-5b69b7d8-1b2c-5d3e-9f4a-0123456789ab")),
            Map.entry("parentUUID", string("GPU-4404041a-04cf-1ccf-9e70-f139a9b1e23c")),
            Map.entry("profile", string("1g.10gb")),
            Map.entry("productName", string("NVIDIA H100 80GB HBM3")),
            Map.entry("brand", string("Nvidia")),
            Map.entry("architecture", string("Hopper")),
            Map.entry("cudaComputeCapability", version("9.0.0")),
            Map.entry("driverVersion", version("580.95.5")),
            Map.entry("cudaDriverVersion", version("13.0.0")),
            Map.entry("resource.kubernetes.io/pciBusID", string("0000:3b:00.0")),
            Map.entry("resource.kubernetes.io/pcieRoot", string("pci0000:00"))),
        Map.of(
            "memory", new Quantity("9856Mi"),
            "multiprocessors", new Quantity("16"),
            "copyEngines", new Quantity("1"),
            "memorySlice0", new Quantity("1")));
  }

  /** A VFIO passthrough representation of a GPU. */
  public static DeviceView nvidiaVfio() {
    return new DeviceView(
        "gpu.nvidia.com",
        Map.of(
            "type", string("vfio"),
            "uuid", string("2d3c5e1a-0000-5000-8000-000000000000"),
            "deviceID", string("0x2330"),
            "vendorID", string("0x10de"),
            "numa", integer(0),
            "iommuFDEnabled", bool(true)),
        Map.of("addressableMemory", new Quantity("128Gi")));
  }

  /** compute-domain.nvidia.com's daemon-0. */
  public static DeviceView computeDomainDaemon() {
    return new DeviceView(
        "compute-domain.nvidia.com", Map.of("type", string("daemon"), "id", integer(0)), Map.of());
  }

  /** compute-domain.nvidia.com's channel-0, or another channel id. */
  public static DeviceView computeDomainChannel(long id) {
    return new DeviceView(
        "compute-domain.nvidia.com",
        Map.of("type", string("channel"), "id", integer(id)),
        Map.of());
  }

  static AttributeValue string(String s) {
    return new AttributeValue.StringValue(s);
  }

  static AttributeValue version(String v) {
    return new AttributeValue.VersionValue(v);
  }

  static AttributeValue integer(long i) {
    return new AttributeValue.IntValue(i);
  }

  static AttributeValue bool(boolean b) {
    return new AttributeValue.BoolValue(b);
  }
}
