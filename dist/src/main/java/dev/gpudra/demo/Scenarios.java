package dev.gpudra.demo;

import dev.gpudra.demo.Scenario.Outcome;
import dev.gpudra.demo.Scenario.Request;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttribute;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/** The demo's claims, from the simple to the ones that must fail. */
final class Scenarios {
  static final String H100_NODE = "gpu-node-1";
  static final String A100_MIG_NODE = "gpu-node-2";

  private Scenarios() {}

  static List<Scenario> all() {
    return List.of(
        new Scenario(
            "single-gpu",
            "one full GPU",
            H100_NODE,
            List.of(gpu("gpu", 1, false)),
            Optional.empty(),
            1,
            Outcome.PREPARED),
        new Scenario(
            "two-gpus-one-pcie-root",
            "two GPUs behind one PCIe root",
            H100_NODE,
            List.of(gpu("gpus", 2, true)),
            Optional.empty(),
            1,
            Outcome.PREPARED),
        new Scenario(
            "mig-1g5gb",
            "one 1g.5gb MIG device",
            A100_MIG_NODE,
            List.of(mig("1g.5gb")),
            Optional.empty(),
            1,
            Outcome.PREPARED),
        new Scenario(
            "memory-and-driver-selector",
            "a GPU with >= 32Gi memory and driver >= 550",
            A100_MIG_NODE,
            List.of(bigGpu()),
            Optional.empty(),
            1,
            Outcome.PREPARED),
        new Scenario(
            "shared-by-two-pods",
            "one claim used by two pods",
            H100_NODE,
            List.of(gpu("gpu", 1, false)),
            Optional.empty(),
            2,
            Outcome.PREPARED),
        new Scenario(
            "time-slicing-without-gate",
            "GpuConfig asking for time-slicing while the feature gate is off",
            H100_NODE,
            List.of(gpu("gpu", 1, false)),
            Optional.of(
                "{\"apiVersion\":\"resource.nvidia.com/v1beta1\",\"kind\":\"GpuConfig\","
                    + "\"sharing\":{\"strategy\":\"TimeSlicing\"}}"),
            1,
            Outcome.REJECTED_BY_PLUGIN),
        new Scenario(
            "nine-gpus",
            "nine GPUs on one node",
            H100_NODE,
            List.of(gpu("gpus", 9, false)),
            Optional.empty(),
            1,
            Outcome.DOES_NOT_FIT));
  }

  private static Request gpu(String name, int count, boolean sameRoot) {
    return new Request(
        name,
        "gpu.nvidia.com",
        "device.attributes['gpu.nvidia.com'].type == 'gpu'",
        type("gpu"),
        count,
        sameRoot);
  }

  private static Request mig(String profile) {
    return new Request(
        "mig",
        "mig.nvidia.com",
        "device.attributes['gpu.nvidia.com'].profile == '" + profile + "'",
        type("mig").and(d -> profile.equals(string(d, "profile"))),
        1,
        false);
  }

  private static Request bigGpu() {
    Predicate<Device> big =
        d ->
            Quantity.getAmountInBytes(d.getCapacity().get("memory").getValue())
                    .compareTo(Quantity.getAmountInBytes(new Quantity("32Gi")))
                >= 0;
    Predicate<Device> driver = d -> major(attribute(d, "driverVersion").getVersion()) >= 550;
    return new Request(
        "gpu",
        "gpu.nvidia.com",
        "device.capacity['gpu.nvidia.com'].memory.compareTo(quantity('32Gi')) >= 0 && "
            + "device.attributes['gpu.nvidia.com'].driverVersion.isGreaterThan(semver('550.0.0'))",
        type("gpu").and(big).and(driver),
        1,
        false);
  }

  private static Predicate<Device> type(String type) {
    return d -> type.equals(string(d, "type"));
  }

  private static String string(Device d, String name) {
    DeviceAttribute a = attribute(d, name);
    return a == null ? null : a.getString();
  }

  private static DeviceAttribute attribute(Device d, String name) {
    return d.getAttributes().get(name);
  }

  private static int major(String version) {
    return new BigDecimal(version.substring(0, version.indexOf('.'))).intValue();
  }
}
