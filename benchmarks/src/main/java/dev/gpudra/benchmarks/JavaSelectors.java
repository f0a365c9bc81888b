package dev.gpudra.benchmarks;

import dev.gpudra.allocator.device.AttributeValue;
import dev.gpudra.allocator.device.DeviceView;
import io.fabric8.kubernetes.api.model.Quantity;
import java.math.BigDecimal;

/**
 * The floor: the checks of {@link Selectors} written by hand against a {@link DeviceView}, with no
 * CEL, no activation map and no cost accounting. Like the selectors, they read the published values
 * each time (quantities and versions are parsed per call).
 */
final class JavaSelectors {
  private static final BigDecimal GI_40 = new Quantity("40Gi").getNumericalAmount();
  private static final long[] DRIVER_550 = {550, 0, 0};

  private JavaSelectors() {}

  /** {@link Selectors#GPU_CLASS}. */
  static boolean gpuClass(DeviceView device) {
    return device.driver().equals(SimulatedNodes.DRIVER)
        && device.attributes().get("type") instanceof AttributeValue.StringValue type
        && type.value().equals("gpu");
  }

  /** {@link Selectors#MEMORY_AT_LEAST_40GI}. */
  static boolean memoryAtLeast40Gi(DeviceView device) {
    Quantity memory = device.capacity().get("memory");
    return memory != null && memory.getNumericalAmount().compareTo(GI_40) >= 0;
  }

  /** {@link Selectors#DRIVER_AT_LEAST_550}. */
  static boolean driverAtLeast550(DeviceView device) {
    return device.attributes().get("driverVersion") instanceof AttributeValue.VersionValue v
        && compare(v.value(), DRIVER_550) >= 0;
  }

  private static int compare(String semver, long[] other) {
    int end = semver.indexOf('-') < 0 ? semver.length() : semver.indexOf('-');
    String[] parts = semver.substring(0, end).split("\\.", 3);
    for (int i = 0; i < 3; i++) {
      int c = Long.compare(Long.parseLong(parts[i]), other[i]);
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }
}
