package dev.gpudra.operator.render.nvidia.driver;

import dev.gpudra.api.clusterpolicy.ContainerProbeSpec;
import dev.gpudra.api.clusterpolicy.DriverManagerSpec;
import dev.gpudra.api.clusterpolicy.DriverSpec;
import dev.gpudra.api.clusterpolicy.GpuDirectRdmaSpec;
import dev.gpudra.api.clusterpolicy.KernelModuleType;
import dev.gpudra.operator.render.PodParts;
import dev.gpudra.operator.render.nvidia.toolkit.ContainerToolkitEnv;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EnvFromSource;
import io.fabric8.kubernetes.api.model.EnvFromSourceBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.ProbeBuilder;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The containers of NVIDIA's driver pod, each with the variables NVIDIA's operator sets, in its
 * order: the {@code k8s-driver-manager} init container and {@code nvidia-driver-ctr} of the base
 * DaemonSet ({@code operands/state-driver/0500_daemonset.yaml}), filled here, and the sidecars
 * built from the driver image ({@code nvidia-peermem-ctr} for RDMA) or their own ({@code
 * nvidia-fs-ctr} for GDS, {@code nvidia-gdrcopy-ctr} for GDRCopy). Images, pull policies and
 * resources are set by {@link DriverDaemonSet}.
 *
 * @param driver the policy's {@code driver} block (never null here)
 * @param hostRoot a custom {@code hostPaths.rootFS}, given to every container as {@code HOST_ROOT}
 */
record DriverContainers(DriverSpec driver, Optional<String> hostRoot) {
  static final String MANAGER = "k8s-driver-manager";
  static final String DRIVER = "nvidia-driver-ctr";
  static final String PEERMEM = "nvidia-peermem-ctr";
  static final String GDS = "nvidia-fs-ctr";
  static final String GDRCOPY = "nvidia-gdrcopy-ctr";

  private ContainerToolkitEnv withHostRoot(ContainerToolkitEnv env) {
    hostRoot.ifPresent(root -> env.set("HOST_ROOT", root));
    return env;
  }

  private boolean rdma() {
    return driver.rdma() != null && driver.rdma().enabledOrDefault();
  }

  private boolean hostMofed() {
    return rdma() && Boolean.TRUE.equals(driver.rdma().useHostMofed());
  }

  /**
   * Fills the base pod's driver manager, which unloads a running driver (pausing the operands)
   * before a new one loads: {@code HOST_ROOT}, RDMA's variables, then {@code driver.manager.env}.
   */
  void fillManager(Container manager) {
    ContainerToolkitEnv env =
        withHostRoot(new ContainerToolkitEnv(manager.getEnv().toArray(EnvVar[]::new)));
    if (rdma()) {
      env.set("GPU_DIRECT_RDMA_ENABLED", "true");
      if (hostMofed()) {
        env.set("USE_HOST_MOFED", "true");
      }
    }
    env.setAll(Optional.ofNullable(driver.manager()).map(DriverManagerSpec::env).orElse(null));
    manager.setEnv(env.toList());
  }

  /**
   * Fills the base pod's driver container, which builds and loads the driver and answers its
   * startup probe (the script, which writes {@code .driver-ctr-ready}) once {@code nvidia-smi}
   * works: its variables, the licensing and topology mounts, the policy's probe settings and {@code
   * secretEnv}.
   *
   * @param extraMounts the licensing and topology files
   * @param gds whether {@code gds.enabled}
   * @param gdrcopy whether {@code gdrcopy.enabled}
   */
  void fillDriver(
      Container container, List<VolumeMount> extraMounts, boolean gds, boolean gdrcopy) {
    ContainerToolkitEnv env =
        withHostRoot(new ContainerToolkitEnv(container.getEnv().toArray(EnvVar[]::new)));
    KernelModuleType modules =
        Optional.ofNullable(driver.kernelModuleType()).orElse(KernelModuleType.AUTO);
    env.set("KERNEL_MODULE_TYPE", modules.name().toLowerCase(Locale.ROOT));
    if (modules == KernelModuleType.OPEN) {
      env.set("OPEN_KERNEL_MODULES_ENABLED", "true");
    }
    if (gdrcopy) {
      env.set("GDRCOPY_ENABLED", "true");
    }
    if (gds) {
      env.set("GDS_ENABLED", "true");
    }
    if (rdma()) {
      env.set("GPU_DIRECT_RDMA_ENABLED", "true");
      if (hostMofed()) {
        env.set("USE_HOST_MOFED", "true");
      }
    }
    container.setEnv(env.setAll(driver.env()).toList());
    container.getVolumeMounts().addAll(extraMounts);
    tuned(container.getStartupProbe(), driver.startupProbe());
    secretEnv().ifPresent(source -> container.setEnvFrom(List.of(source)));
  }

  /** {@code nvidia-peermem}: reloads the module whenever a MOFED reinstall unloads it. */
  ContainerBuilder peermem() {
    ContainerToolkitEnv env = withHostRoot(new ContainerToolkitEnv());
    if (hostMofed()) {
      env.set("USE_HOST_MOFED", "true");
    }
    Probe liveness = exec(30, 1, 30, 10, "sh", "-c", "nvidia-driver probe_nvidia_peermem");
    return privileged(new ContainerBuilder().withName(PEERMEM))
        .withCommand("nvidia-driver")
        .withArgs("reload_nvidia_peermem")
        .withEnv(env.toList())
        .withVolumeMounts(
            bidirectional("run-nvidia", "/run/nvidia"),
            PodParts.mount("var-log", "/var/log"),
            readOnly("dev-log", "/dev/log"),
            PodParts.hostToContainerWritable("run-mellanox-drivers", "/run/mellanox/drivers"))
        .withStartupProbe(exec(10, 120, 10, 10, "sh", "-c", "nvidia-driver probe_nvidia_peermem"))
        .withLivenessProbe(liveness);
  }

  /**
   * A driver sidecar ({@code nvidia-fs}, {@code gdrdrv}) that waits for the driver, then builds and
   * loads its module; its startup probe looks for the module.
   *
   * @param installer the image's install command ({@code nvidia-gds-driver})
   * @param module the kernel module ({@code nvidia_fs})
   * @param env the component's {@code env}
   */
  ContainerBuilder moduleSidecar(
      String name, String installer, String module, List<dev.gpudra.api.clusterpolicy.EnvVar> env) {
    String script =
        "until [ -d /run/nvidia/driver/usr/src ] && lsmod | grep nvidia; do"
            + " echo Waiting for nvidia-driver to be installed...; sleep 10; done;"
            + " exec "
            + installer
            + " install";
    ContainerBuilder builder =
        privileged(new ContainerBuilder().withName(name))
            .withCommand("bash", "-xc")
            .withArgs(script)
            .withEnv(withHostRoot(new ContainerToolkitEnv()).setAll(env).toList())
            .withVolumeMounts(
                PodParts.hostToContainerWritable("run-nvidia", "/run/nvidia"),
                PodParts.mount("var-log", "/var/log"),
                readOnly("dev-log", "/dev/log"))
            .withStartupProbe(exec(10, 120, 10, 10, "sh", "-c", "lsmod | grep " + module));
    return secretEnv(builder);
  }

  /** {@code driver.secretEnv}: every key of the Secret as a variable. */
  private ContainerBuilder secretEnv(ContainerBuilder builder) {
    secretEnv().ifPresent(builder::withEnvFrom);
    return builder;
  }

  private Optional<EnvFromSource> secretEnv() {
    return Optional.ofNullable(driver.secretEnv())
        .filter(name -> !name.isEmpty())
        .map(name ->
            new EnvFromSourceBuilder().withNewSecretRef().withName(name).endSecretRef().build());
  }

  private static ContainerBuilder privileged(ContainerBuilder builder) {
    return builder
        .withNewSecurityContext()
        .withPrivileged(true)
        .withNewSeLinuxOptions()
        .withLevel("s0")
        .endSeLinuxOptions()
        .endSecurityContext();
  }

  /** An exec probe: delay, failure threshold, period and timeout in seconds, success after one. */
  private static Probe exec(int delay, int failures, int period, int timeout, String... command) {
    return new ProbeBuilder()
        .withNewExec()
        .withCommand(command)
        .endExec()
        .withInitialDelaySeconds(delay)
        .withFailureThreshold(failures)
        .withSuccessThreshold(1)
        .withPeriodSeconds(period)
        .withTimeoutSeconds(timeout)
        .build();
  }

  /** The policy's probe settings over the asset's, a field at a time where it is set and not 0. */
  static Probe tuned(Probe probe, ContainerProbeSpec settings) {
    if (settings == null) {
      return probe;
    }
    positive(settings.initialDelaySeconds()).ifPresent(probe::setInitialDelaySeconds);
    positive(settings.timeoutSeconds()).ifPresent(probe::setTimeoutSeconds);
    positive(settings.failureThreshold()).ifPresent(probe::setFailureThreshold);
    positive(settings.successThreshold()).ifPresent(probe::setSuccessThreshold);
    positive(settings.periodSeconds()).ifPresent(probe::setPeriodSeconds);
    return probe;
  }

  private static Optional<Integer> positive(Integer value) {
    return Optional.ofNullable(value).filter(v -> v != 0);
  }

  private static VolumeMount bidirectional(String name, String path) {
    return new VolumeMountBuilder()
        .withName(name)
        .withMountPath(path)
        .withMountPropagation("Bidirectional")
        .build();
  }

  private static VolumeMount readOnly(String name, String path) {
    return new VolumeMountBuilder().withName(name).withMountPath(path).withReadOnly(true).build();
  }

  static boolean rdmaEnabled(GpuDirectRdmaSpec rdma) {
    return rdma != null && rdma.enabledOrDefault();
  }
}
