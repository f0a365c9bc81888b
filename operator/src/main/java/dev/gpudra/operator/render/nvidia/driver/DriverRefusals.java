package dev.gpudra.operator.render.nvidia.driver;

import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.api.clusterpolicy.DriverCertConfigSpec;
import dev.gpudra.api.clusterpolicy.DriverRepoConfigSpec;
import dev.gpudra.api.clusterpolicy.DriverSpec;
import dev.gpudra.api.clusterpolicy.GdrCopySpec;
import dev.gpudra.api.clusterpolicy.GpuDirectStorageSpec;
import dev.gpudra.api.clusterpolicy.KernelModuleConfigSpec;
import dev.gpudra.operator.render.StateRefusedException;
import java.util.List;
import java.util.Optional;

/**
 * The driver settings gpu-dra's operator cannot render as NVIDIA's does, each refused naming its
 * field and why, so that the state applies nothing rather than a driver pod that differs silently.
 */
final class DriverRefusals {
  /** A policy's {@code driver} block with nothing set. */
  static final DriverSpec EMPTY =
      new DriverSpec(
          null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
          null, null, null, null, null, null, null, null, null, null, null);

  private static final String CONFIGMAP_KEYS =
      ": NVIDIA's operator reads the ConfigMap from the API server and mounts each of its keys into"
          + " %s; gpu-dra's operator renders without reading ConfigMaps, so it cannot name the"
          + " keys";

  private DriverRefusals() {}

  /**
   * @throws StateRefusedException for the first refused setting found
   */
  static void check(ClusterPolicySpec spec) {
    DriverSpec driver = Optional.ofNullable(spec.driver()).orElse(EMPTY);
    if (Boolean.TRUE.equals(driver.usePrecompiled())) {
      throw new StateRefusedException(
          "spec.driver.usePrecompiled: NVIDIA's operator renders one driver DaemonSet per kernel"
              + " version found on the GPU nodes (nvidia-driver-daemonset-<kernel>-<os>, image"
              + " tag <version>-<kernel>); gpu-dra's operator has no node kernel versions to render"
              + " them from; use the default (compiled on the node) driver");
    }
    if (driver.livenessProbe() != null || driver.readinessProbe() != null) {
      throw new StateRefusedException(
          "spec.driver."
              + (driver.livenessProbe() != null ? "livenessProbe" : "readinessProbe")
              + ": NVIDIA's driver container has only a startup probe to tune (NVIDIA's operator"
              + " fails on this field); use spec.driver.startupProbe");
    }
    refuseNamed(
        "spec.driver.repoConfig",
        Optional.ofNullable(driver.repoConfig()).map(DriverRepoConfigSpec::configMapName),
        "the package-repository directory of the operator host's OS");
    refuseNamed(
        "spec.driver.certConfig",
        Optional.ofNullable(driver.certConfig()).map(DriverCertConfigSpec::name),
        "the certificate directory of the operator host's OS");
    refuseNamed(
        "spec.driver.kernelModuleConfig",
        Optional.ofNullable(driver.kernelModuleConfig()).map(KernelModuleConfigSpec::name),
        "/drivers");
    refuseArgs("spec.gds.args", Optional.ofNullable(spec.gds()).map(GpuDirectStorageSpec::args));
    refuseArgs("spec.gdrcopy.args", Optional.ofNullable(spec.gdrcopy()).map(GdrCopySpec::args));
  }

  private static void refuseNamed(String field, Optional<String> name, String where) {
    if (name.filter(n -> !n.isEmpty()).isPresent()) {
      throw new StateRefusedException(field + CONFIGMAP_KEYS.formatted(where));
    }
  }

  private static void refuseArgs(String field, Optional<List<String>> args) {
    if (args.filter(a -> !a.isEmpty()).isPresent()) {
      throw new StateRefusedException(
          field + ": NVIDIA's operator never gives args to this driver sidecar; remove them");
    }
  }
}
