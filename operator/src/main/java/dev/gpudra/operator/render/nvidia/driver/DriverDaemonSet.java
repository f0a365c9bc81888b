package dev.gpudra.operator.render.nvidia.driver;

import dev.gpudra.api.clusterpolicy.DriverSpec;
import dev.gpudra.api.clusterpolicy.GdrCopySpec;
import dev.gpudra.api.clusterpolicy.GpuDirectStorageSpec;
import dev.gpudra.api.clusterpolicy.ImageKeys;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.StateRefusedException;
import dev.gpudra.operator.render.nvidia.asset.OperandAssets;
import dev.gpudra.operator.render.nvidia.asset.StateAssets;
import dev.gpudra.operator.render.nvidia.component.NvidiaComponent;
import dev.gpudra.operator.render.nvidia.component.NvidiaDaemonSet;
import dev.gpudra.operator.render.nvidia.component.PodEdits;
import dev.gpudra.operator.render.nvidia.toolkit.ContainerToolkitValidation;
import io.fabric8.kubernetes.api.model.AffinityBuilder;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.LocalObjectReference;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.DaemonSetUpdateStrategyBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code state-driver}: NVIDIA's driver container ({@code spec.driver}, else {@code DRIVER_IMAGE})
 * on the nodes labelled {@code nvidia.com/gpu.deploy.driver=true}, behind the {@code
 * k8s-driver-manager} init container ({@code driver.manager}, else {@code DRIVER_MANAGER_IMAGE}),
 * which unloads a running driver first. It waits for nothing; its startup probe writes {@code
 * /run/nvidia/validations/.driver-ctr-ready}, which the validator's {@code driver-validation} waits
 * for before writing {@code driver-ready}. The DaemonSet is always {@code OnDelete}, whatever
 * {@code daemonsets.updateStrategy} says, as NVIDIA's: a driver pod is replaced only when deleted
 * (by the upgrade controller or by hand). The driver manager and driver container carry {@code
 * DRIVER_CONFIG_DIGEST}, a digest of the rendered DaemonSet spec they use to skip a reinstall when
 * nothing changed (gpu-dra's own digest, not byte-equal to NVIDIA's, so a switch from NVIDIA's
 * operator reinstalls once).
 *
 * <p>Honoured: the image keys, {@code resources} (every driver-image container), {@code args},
 * {@code env}, {@code hostNetwork}, {@code kernelModuleType} ({@code KERNEL_MODULE_TYPE}, {@code
 * auto} when absent as NVIDIA's CRD defaults it), {@code startupProbe}, {@code rdma} (the {@code
 * nvidia-peermem} sidecar; {@code useHostMofed} builds against the host's {@code /usr/src}), {@code
 * manager} (image, pull settings, {@code env} over NVIDIA's drain defaults), {@code
 * licensingConfig}, {@code virtualTopology}, {@code secretEnv} (the Secret's keys as variables:
 * NVIDIA checks that it exists, here a missing Secret shows as the pod's {@code
 * CreateContainerConfigError}), {@code hostPaths.rootFS} ({@code host-root} and {@code HOST_ROOT}),
 * {@code gds} and {@code gdrcopy} (their sidecars with their own images, pull settings and {@code
 * env}). {@code upgradePolicy} is not rendered here by NVIDIA either: it drives the upgrade
 * controller through node labels. {@code hostPaths.driverInstallDir} does not move NVIDIA's driver
 * container, which always installs under {@code /run/nvidia/driver}; it tells the other operands
 * where to look.
 *
 * <p>The image's tag ends in the GPU nodes' OS as NVIDIA's does ({@code 595.91.07} becomes {@code
 * 595.91.07-ubuntu24.04}, from NFD's OS labels; a {@code sha256:} digest is used as is), and so the
 * GDS and GDRCopy images'; GPU nodes of several OSes, or none labelled, are refused (NVIDIA's
 * NVIDIADriver resources serve several). Limitations, against NVIDIA's: NVIDIA's RHEL and SLES
 * subscription mounts (chosen from the operator host's os-release) are not rendered. Refused:
 * {@code usePrecompiled} (NVIDIA renders one DaemonSet per kernel version found on the nodes),
 * {@code repoConfig}, {@code certConfig} and {@code kernelModuleConfig} (NVIDIA mounts each key of
 * the ConfigMap, read from the API server, into an OS-specific directory), {@code livenessProbe}
 * and {@code readinessProbe} (NVIDIA's driver container has no such probe to tune), and {@code
 * gds.args} / {@code gdrcopy.args} (NVIDIA never applies them). Not rendered: the OpenShift-only
 * Role (the {@code privileged} SCC), the SCC itself, the {@code clusterversions} rule, the Driver
 * Toolkit sidecar and the cluster proxy settings.
 *
 * <p>The objects are the resources under {@code operands/state-driver/}: the service account,
 * cluster role and binding, the startup probe ConfigMap (the driver is up when its module is loaded
 * and {@code nvidia-smi} answers; it then writes {@code .driver-ctr-ready} atomically with which of
 * GDRCopy, GDS and RDMA are on) and the DaemonSet with the driver manager and driver container,
 * which this class fills and completes with the sidecars, licensing and topology files.
 */
public final class DriverDaemonSet {
  /** NVIDIA's name of the DaemonSet. */
  public static final String NAME = "nvidia-driver-daemonset";

  /** NVIDIA's service account and cluster role of the driver pods. */
  static final String ACCOUNT = "nvidia-driver";

  /** The ConfigMap with the driver container's startup probe script. */
  static final String STARTUP_PROBE = "nvidia-driver-startup-probe";

  static final String STATE = "state-driver";

  /** NVIDIA's label of every driver pod, whichever DaemonSet runs it. */
  public static final String COMPONENT_LABEL = "app.kubernetes.io/component";

  /** Its value on driver pods. */
  public static final String COMPONENT = "nvidia-driver";

  private DriverDaemonSet() {}

  /**
   * @throws StateRefusedException for a setting listed as refused above
   * @throws dev.gpudra.operator.render.MissingImageException when an image is named nowhere
   */
  public static List<HasMetadata> objects(OperandContext context) {
    DriverSpec driver = Optional.ofNullable(context.spec().driver()).orElse(DriverRefusals.EMPTY);
    DriverRefusals.check(context.spec());
    StateAssets assets = OperandAssets.bundled().load(STATE, context.namespace());
    daemonSet(context, driver, assets.one(DaemonSet.class));
    return assets.objects();
  }

  private static void daemonSet(OperandContext context, DriverSpec driver, DaemonSet daemonSet) {
    NvidiaComponent component =
        NvidiaComponent.of(
            context,
            context.spec().driver(),
            "driver",
            "DRIVER_IMAGE",
            new NvidiaComponent.Overrides(
                driver.resources(), driver.args(), null, driver.hostNetwork()));
    component = component.withImage(context.driverImage(component.image(), "driver"));
    Optional<String> customRoot = ContainerToolkitValidation.hostRoot(context);
    DriverContainers parts = new DriverContainers(driver, customRoot);
    DriverVolumes volumes = new DriverVolumes(driver, customRoot.orElse("/"));
    Optional<GpuDirectStorageSpec> gds =
        Optional.ofNullable(context.spec().gds()).filter(GpuDirectStorageSpec::enabledOrDefault);
    Optional<GdrCopySpec> gdrcopy =
        Optional.ofNullable(context.spec().gdrcopy()).filter(GdrCopySpec::enabledOrDefault);
    PodSpec pod = daemonSet.getSpec().getTemplate().getSpec();
    parts.fillDriver(
        PodEdits.container(pod, DriverContainers.DRIVER),
        volumes.mounts(),
        gds.isPresent(),
        gdrcopy.isPresent());
    sidecars(context, parts, component.image(), gds, gdrcopy).forEach(pod.getContainers()::add);
    Container manager = PodEdits.initContainer(pod, DriverContainers.MANAGER);
    parts.fillManager(manager);
    manager.setImage(
        context.nvidiaImage(driver.manager(), "driver.manager", "DRIVER_MANAGER_IMAGE"));
    volumes.fill(pod);
    NvidiaDaemonSet.apply(context, component, DriverContainers.DRIVER, daemonSet);
    pullSettings(pod, driver, gds, gdrcopy);
    shape(daemonSet);
  }

  /** RDMA's {@code nvidia-peermem} (the driver's image), GDS's and GDRCopy's module sidecars. */
  private static List<Container> sidecars(
      OperandContext context,
      DriverContainers parts,
      String driverImage,
      Optional<GpuDirectStorageSpec> gds,
      Optional<GdrCopySpec> gdrcopy) {
    List<Container> containers = new ArrayList<>();
    if (DriverContainers.rdmaEnabled(parts.driver().rdma())) {
      containers.add(parts.peermem().withImage(driverImage).build());
    }
    gds.ifPresent(g ->
        containers.add(
            parts
                .moduleSidecar(DriverContainers.GDS, "nvidia-gds-driver", "nvidia_fs", g.env())
                .withImage(context.driverImage(context.nvidiaImage(g, "gds", "GDS_IMAGE"), "gds"))
                .build()));
    gdrcopy.ifPresent(g ->
        containers.add(
            parts
                .moduleSidecar(DriverContainers.GDRCOPY, "nvidia-gdrcopy-driver", "gdrdrv", g.env())
                .withImage(
                    context.driverImage(
                        context.nvidiaImage(g, "gdrcopy", "GDRCOPY_IMAGE"), "gdrcopy"))
                .build()));
    return containers;
  }

  /**
   * Each image's own pull policy (the manager's, GDS's, GDRCopy's; the driver's for the driver and
   * {@code nvidia-peermem}), and the pull secrets of all of them.
   */
  private static void pullSettings(
      PodSpec pod,
      DriverSpec driver,
      Optional<GpuDirectStorageSpec> gds,
      Optional<GdrCopySpec> gdrcopy) {
    List<ImageKeys> sources = new ArrayList<>();
    Optional.ofNullable(driver.manager()).ifPresent(sources::add);
    sources.add(driver);
    gds.ifPresent(sources::add);
    gdrcopy.ifPresent(sources::add);
    Map<String, Optional<? extends ImageKeys>> owners =
        Map.of(
            DriverContainers.MANAGER, Optional.ofNullable(driver.manager()),
            DriverContainers.GDS, gds,
            DriverContainers.GDRCOPY, gdrcopy);
    List<Container> all = new ArrayList<>(pod.getInitContainers());
    all.addAll(pod.getContainers());
    for (Container container : all) {
      Optional<? extends ImageKeys> owner = owners.get(container.getName());
      if (owner != null) {
        container.setImagePullPolicy(pullPolicy(owner.map(ImageKeys::imagePullPolicy)));
      }
    }
    List<LocalObjectReference> secrets = new ArrayList<>();
    for (ImageKeys source : sources) {
      for (String name : Optional.ofNullable(source.imagePullSecrets()).orElse(List.of())) {
        if (secrets.stream().noneMatch(s -> s.getName().equals(name))) {
          secrets.add(new LocalObjectReference(name));
        }
      }
    }
    pod.setImagePullSecrets(secrets);
  }

  private static String pullPolicy(Optional<String> policy) {
    return new NvidiaComponent("", policy.orElse(null), null, null, null, null, false).pullPolicy();
  }

  /**
   * NVIDIA's driver specifics over the common shape (the base carries the extra labels and the
   * default-container annotation): one driver pod per node (anti-affinity on the component label,
   * unless {@code daemonsets.affinity} says otherwise), {@code OnDelete} always, and the config
   * digest.
   */
  private static void shape(DaemonSet ds) {
    PodSpec rendered = ds.getSpec().getTemplate().getSpec();
    if (rendered.getAffinity() == null) {
      rendered.setAffinity(
          new AffinityBuilder()
              .withNewPodAntiAffinity()
              .addNewRequiredDuringSchedulingIgnoredDuringExecution()
              .withNewLabelSelector()
              .addNewMatchExpression()
              .withKey(COMPONENT_LABEL)
              .withOperator("In")
              .withValues("nvidia-driver")
              .endMatchExpression()
              .endLabelSelector()
              .withTopologyKey("kubernetes.io/hostname")
              .endRequiredDuringSchedulingIgnoredDuringExecution()
              .endPodAntiAffinity()
              .build());
    }
    ds.getSpec()
        .setUpdateStrategy(new DaemonSetUpdateStrategyBuilder().withType("OnDelete").build());
    DriverConfigDigest.stamp(ds);
  }
}
