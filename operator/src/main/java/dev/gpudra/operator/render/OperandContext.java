package dev.gpudra.operator.render;

import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.api.clusterpolicy.DraComputeDomainsSpec;
import dev.gpudra.api.clusterpolicy.DraDriverSpec;
import dev.gpudra.api.clusterpolicy.HostPathsSpec;
import dev.gpudra.api.clusterpolicy.ImageKeys;
import dev.gpudra.api.clusterpolicy.Runtime;
import dev.gpudra.api.clusterpolicy.ToolkitSpec;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * What every state's objects are rendered from.
 *
 * @param namespace the operator's namespace, where the operands run
 * @param spec the ClusterPolicy's spec
 * @param gpuDraImage the image of gpu-dra's own operands (device plugin, DRA driver), the
 *     operator's {@code --image} / its own image
 * @param imageEnv the operator's image variables ({@code DRIVER_IMAGE}, {@code VALIDATOR_IMAGE},
 *     ...): NVIDIA's operands' images where the policy names none
 * @param runtime the GPU nodes' container runtime, as NVIDIA's operator detects it (containerd wins
 *     over the others), which the toolkit configures
 * @param nodeOs the GPU nodes' operating systems (NFD's labels), which driver image tags end in
 * @param serviceMonitors whether prometheus-operator's ServiceMonitor CRD is installed: without it,
 *     NVIDIA's operator writes no ServiceMonitor and carries on
 */
public record OperandContext(
    String namespace,
    ClusterPolicySpec spec,
    String gpuDraImage,
    Map<String, String> imageEnv,
    Runtime runtime,
    SortedSet<String> nodeOs,
    boolean serviceMonitors) {
  /** The variables NVIDIA's operator takes its operands' images from. */
  public static final List<String> IMAGE_VARIABLES =
      List.of(
          "DRIVER_IMAGE",
          "VGPU_MANAGER_IMAGE",
          "CONTAINER_TOOLKIT_IMAGE",
          "DEVICE_PLUGIN_IMAGE",
          "SANDBOX_DEVICE_PLUGIN_IMAGE",
          "DCGM_EXPORTER_IMAGE",
          "DCGM_IMAGE",
          "VALIDATOR_IMAGE",
          "GFD_IMAGE",
          "CUDA_BASE_IMAGE",
          "MIG_MANAGER_IMAGE",
          "DRIVER_MANAGER_IMAGE",
          "GDS_IMAGE",
          "GDRCOPY_IMAGE",
          "VFIO_MANAGER_IMAGE",
          "VGPU_DEVICE_MANAGER_IMAGE",
          "KATA_MANAGER_IMAGE",
          "CC_MANAGER_IMAGE",
          "KATA_SANDBOX_DEVICE_PLUGIN_IMAGE");

  public OperandContext {
    imageEnv = Map.copyOf(imageEnv);
    Objects.requireNonNull(runtime, "runtime");
    nodeOs = Collections.unmodifiableSortedSet(new TreeSet<>(nodeOs));
  }

  /**
   * A context whose GPU nodes' operating systems are not known (no driver image tag), on a cluster
   * with prometheus-operator's ServiceMonitor CRD.
   */
  public OperandContext(
      String namespace,
      ClusterPolicySpec spec,
      String gpuDraImage,
      Map<String, String> imageEnv,
      Runtime runtime) {
    this(namespace, spec, gpuDraImage, imageEnv, runtime, new TreeSet<>(), true);
  }

  /**
   * A driver image as NVIDIA's operator tags it: {@code <image>-<os><version>} of the GPU nodes'
   * OS, a {@code sha256:} digest as it is.
   *
   * @param specKey the component's path in the spec ({@code driver}), for the refusal
   * @throws StateRefusedException when no GPU node says its OS, or they run different ones (one
   *     DaemonSet serves one OS; NVIDIA's NVIDIADriver resources, not built here, serve several)
   */
  public String driverImage(String image, String specKey) {
    if (image.contains("@sha256:")) {
      return image;
    }
    if (nodeOs.size() == 1) {
      return image + "-" + nodeOs.first();
    }
    throw new StateRefusedException(
        nodeOs.isEmpty()
            ? "spec."
                + specKey
                + ": NVIDIA's driver image tags end in the GPU nodes' OS (<version>-<os><version>),"
                + " from NFD's labels "
                + NodeOs.ID
                + " and "
                + NodeOs.VERSION_ID
                + ", which no GPU node carries: run NFD, or name the image by its sha256 digest"
            : "spec."
                + specKey
                + ": the GPU nodes run "
                + nodeOs
                + ", and one driver DaemonSet serves one OS (NVIDIA's NVIDIADriver resources,"
                + " which serve several, are not built here): name the image by its sha256"
                + " digest to run it on all of them");
  }

  /** A context without image variables, on containerd. */
  public OperandContext(String namespace, ClusterPolicySpec spec, String gpuDraImage) {
    this(namespace, spec, gpuDraImage, Map.of(), Runtime.CONTAINERD);
  }

  /** A context with the operator's image variables, on containerd. */
  public OperandContext(
      String namespace, ClusterPolicySpec spec, String gpuDraImage, Map<String, String> imageEnv) {
    this(namespace, spec, gpuDraImage, imageEnv, Runtime.CONTAINERD);
  }

  /**
   * An NVIDIA operand's image as NVIDIA's operator resolves it: the component's {@code repository},
   * {@code image} and {@code version} (or {@code image} alone as a full reference), else the
   * operator's variable {@code envVar}.
   *
   * @param component the component's block; null when the policy has none
   * @param specKey the block's path in the spec, for the error ({@code driver})
   * @throws MissingImageException when neither names an image
   */
  public String nvidiaImage(ImageKeys component, String specKey, String envVar) {
    return Optional.ofNullable(component)
        .flatMap(c -> c.containerImage().reference())
        .or(() -> Optional.ofNullable(imageEnv.get(envVar)).filter(v -> !v.isBlank()))
        .orElseThrow(() -> new MissingImageException(specKey, envVar));
  }

  /**
   * The host directory of the NVIDIA driver's files: {@code hostPaths.driverInstallDir} (NVIDIA's
   * {@code /run/nvidia/driver}) when a driver container installs it (the operator's, or NVIDIA's
   * NVIDIADriver resources' with {@code driver.useNvidiaDriverCRD}), else the host's root ({@code
   * hostPaths.rootFS}, {@code /}): a pre-installed driver.
   */
  public String driverRoot() {
    Optional<HostPathsSpec> paths = Optional.ofNullable(spec.hostPaths());
    if (spec.driver() == null || spec.driver().enabledOrDefault()) {
      return paths
          .map(HostPathsSpec::driverInstallDir)
          .filter(p -> !p.isEmpty())
          .orElse("/run/nvidia/driver");
    }
    return paths.map(HostPathsSpec::rootFs).filter(p -> !p.isEmpty()).orElse("/");
  }

  /**
   * This context, with a stand-in {@code draDriver} (the operator's image, ComputeDomains off)
   * where the spec has none: what names the DRA state's objects, to keep them for nodes still on
   * DRA, or to delete them.
   */
  public OperandContext forTeardown() {
    if (spec.draDriver() != null) {
      return this;
    }
    DraDriverSpec standIn =
        new DraDriverSpec(
            null, null, null, null, null, null, null, new DraComputeDomainsSpec(false, null, null));
    return new OperandContext(
        namespace,
        spec.withDraDriver(standIn),
        gpuDraImage,
        imageEnv,
        runtime,
        nodeOs,
        serviceMonitors);
  }

  /**
   * This context with every optional object on (the DRA state's ComputeDomains and {@code
   * MPSSupport}'s role, those of {@link WidestSpec}), every NVIDIA image named and one node OS:
   * what a state could have applied, so that what it no longer renders, or all of a disabled state,
   * is deleted.
   */
  public OperandContext widest() {
    DraDriverSpec dra = forTeardown().spec().draDriver();
    Map<String, Boolean> gates =
        new HashMap<>(Optional.ofNullable(dra.featureGates()).orElse(Map.of()));
    gates.put("MPSSupport", true);
    DraDriverSpec all =
        new DraDriverSpec(
            dra.repository(),
            dra.image(),
            dra.version(),
            dra.imagePullPolicy(),
            dra.imagePullSecrets(),
            gates,
            dra.gpus(),
            new DraComputeDomainsSpec(true, null, null));
    return new OperandContext(
        namespace,
        WidestSpec.of(spec.withDraDriver(all)),
        gpuDraImage,
        WidestSpec.images(imageEnv, IMAGE_VARIABLES),
        runtime,
        new TreeSet<>(List.of("widest")),
        serviceMonitors);
  }

  /** The host's CDI spec directory ({@code hostPaths.cdiRoot}, {@code /var/run/cdi}). */
  public String cdiRoot() {
    return Optional.ofNullable(spec.hostPaths())
        .map(HostPathsSpec::cdiRoot)
        .filter(p -> !p.isEmpty())
        .orElse("/var/run/cdi");
  }

  /**
   * The host's {@code nvidia-cdi-hook} that the CDI specs name, as NVIDIA's operator tells its
   * device plugin: {@code <toolkit.installDir>/toolkit/nvidia-cdi-hook} ({@code /usr/local/nvidia}
   * by default) while {@code cdi.enabled}; empty without CDI.
   */
  public Optional<String> cdiHookPath() {
    if (spec.cdi() != null && !spec.cdi().enabledOrDefault()) {
      return Optional.empty();
    }
    String installDir =
        Optional.ofNullable(spec.toolkit())
            .map(ToolkitSpec::installDir)
            .filter(p -> !p.isEmpty())
            .orElse("/usr/local/nvidia");
    return Optional.of(installDir + "/toolkit/nvidia-cdi-hook");
  }

  /** The kubelet's root directory ({@code hostPaths.kubeletRootDir}, {@code /var/lib/kubelet}). */
  public String kubeletRoot() {
    return Optional.ofNullable(spec.hostPaths())
        .map(HostPathsSpec::kubeletRootDir)
        .filter(p -> !p.isEmpty())
        .orElse("/var/lib/kubelet");
  }
}
