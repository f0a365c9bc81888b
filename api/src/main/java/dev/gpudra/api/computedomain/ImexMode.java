package dev.gpudra.api.computedomain;

import dev.gpudra.api.featuregates.FeatureGate;
import dev.gpudra.api.featuregates.FeatureGates;

/**
 * NVIDIA's {@code imex.mode}: who runs {@code nvidia-imex}. {@link #DRIVER_MANAGED}: one daemon per
 * ComputeDomain and node, run by the driver. {@link #HOST_MANAGED}: the admin runs it on each host;
 * the driver creates no daemons and no cliques, and a channel claim only checks the host daemon is
 * ready.
 */
public enum ImexMode {
  DRIVER_MANAGED("driverManaged"),
  HOST_MANAGED("hostManaged");

  private static final String MODE_FLAG = "--imex-mode (IMEX_MODE): ";
  private static final String ISOLATION_FLAG = "--imex-isolation (IMEX_ISOLATION): ";

  private final String value;

  ImexMode(String value) {
    this.value = value;
  }

  /** The flag's and the chart's value. */
  public String value() {
    return value;
  }

  /**
   * Reads {@code --imex-mode} and {@code --imex-isolation} as NVIDIA's binaries do; unset is {@code
   * driverManaged} and {@code domain}.
   *
   * @throws IllegalArgumentException naming the flag: an unknown value, hostManaged without the
   *     HostManagedIMEXDaemon gate or with ComputeDomainBindingConditions (it waits for daemons
   *     there are none of), or isolation {@code channel} (not implemented, as in NVIDIA's)
   */
  public static ImexMode parse(String mode, String isolation, FeatureGates gates) {
    ImexMode parsed = mode(mode == null || mode.isBlank() ? DRIVER_MANAGED.value : mode.strip());
    if (parsed == HOST_MANAGED && !gates.enabled(FeatureGate.HOST_MANAGED_IMEX_DAEMON)) {
      throw new IllegalArgumentException(
          MODE_FLAG
              + "imex.mode=\"hostManaged\" requires the HostManagedIMEXDaemon feature gate to be"
              + " enabled");
    }
    if (parsed == HOST_MANAGED && gates.enabled(FeatureGate.COMPUTE_DOMAIN_BINDING_CONDITIONS)) {
      throw new IllegalArgumentException(
          MODE_FLAG
              + "imex.mode=\"hostManaged\" runs no IMEX daemons, and feature gate"
              + " ComputeDomainBindingConditions waits for them; turn one of the two off");
    }
    checkIsolation(isolation == null ? "" : isolation.strip());
    return parsed;
  }

  private static ImexMode mode(String value) {
    for (ImexMode m : values()) {
      if (m.value.equals(value)) {
        return m;
      }
    }
    throw new IllegalArgumentException(
        MODE_FLAG
            + "unknown imex.mode \""
            + value
            + "\": must be \"driverManaged\" or \"hostManaged\"");
  }

  private static void checkIsolation(String isolation) {
    if (isolation.isEmpty() || isolation.equals("domain")) {
      return;
    }
    if (isolation.equals("channel")) {
      throw new IllegalArgumentException(
          ISOLATION_FLAG
              + "imex.isolation=\"channel\" is not supported yet: per-workload IMEX channel"
              + " allocation is not implemented");
    }
    throw new IllegalArgumentException(
        ISOLATION_FLAG
            + "unknown imex.isolation \""
            + isolation
            + "\": must be \"domain\" or \"channel\"");
  }
}
