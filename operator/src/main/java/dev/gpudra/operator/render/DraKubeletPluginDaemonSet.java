package dev.gpudra.operator.render;

import dev.gpudra.api.clusterpolicy.DraComputeDomainsSpec;
import dev.gpudra.api.clusterpolicy.DraDriverSpec;
import dev.gpudra.api.clusterpolicy.DraHealthcheckSpec;
import dev.gpudra.api.clusterpolicy.DraKubeletPluginSpec;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.LocalObjectReference;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.ProbeBuilder;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.DaemonSetUpdateStrategyBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * {@code state-dra-driver}'s kubelet plugins: the DaemonSet {@code
 * nvidia-dra-driver-kubelet-plugin} (GPUCluster's name) on the nodes labelled {@code
 * nvidia.com/gpu.deploy.dra-driver=true}, with the containers {@code gpus} (our {@code
 * gpu-kubelet-plugin}) and, unless {@code draDriver.computeDomains.enabled} is false, {@code
 * compute-domains}; NVIDIA's environment for each, gRPC health probes on the healthcheck ports
 * (51516, 51515), every pod replaced at once on an update (maxUnavailable 100%).
 */
public final class DraKubeletPluginDaemonSet {
  /** GPUCluster's name of the DaemonSet. */
  public static final String NAME = "nvidia-dra-driver-kubelet-plugin";

  private static final int GPUS_HEALTH_PORT = 51516;
  private static final int COMPUTE_DOMAINS_HEALTH_PORT = 51515;

  private DraKubeletPluginDaemonSet() {}

  /**
   * @param validation NVIDIA's driver validation, or empty to wait for another validator's {@code
   *     driver-ready}
   */
  public static DaemonSet render(
      OperandContext context, Optional<DriverValidationStep> validation) {
    DraDriverSpec dra = context.spec().draDriver();
    String image = image(context);
    List<Container> containers = new ArrayList<>();
    containers.add(
        container(
            context,
            dra,
            image,
            new Plugin("gpus", "gpu-kubelet-plugin", gpus(dra), GPUS_HEALTH_PORT)));
    Optional<DraComputeDomainsSpec> domains = Optional.ofNullable(dra.computeDomains());
    if (domains.map(DraComputeDomainsSpec::enabledOrDefault).orElse(true)) {
      containers.add(
          container(
              context,
              dra,
              image,
              new Plugin(
                  "compute-domains",
                  "compute-domain-kubelet-plugin",
                  domains.map(DraComputeDomainsSpec::kubeletPlugin),
                  COMPUTE_DOMAINS_HEALTH_PORT)));
    }
    Container driverWait =
        validation
            .map(DriverValidationStep::container)
            .orElseGet(() -> waitForDriver(image, containers.getFirst().getImagePullPolicy()));
    PodSpec pod =
        new PodSpecBuilder()
            .withServiceAccountName(NAME)
            .withInitContainers(driverWait)
            .withContainers(containers)
            .withVolumes(volumes(context, validation))
            .withImagePullSecrets(pullSecrets(dra, validation))
            .build();
    DaemonSet daemonSet = DaemonSetShape.of(context, NAME, "dra-driver", Map.of(), pod);
    daemonSet
        .getSpec()
        .setUpdateStrategy(
            new DaemonSetUpdateStrategyBuilder()
                .withType("RollingUpdate")
                .withNewRollingUpdate()
                .withMaxUnavailable(new IntOrString("100%"))
                .endRollingUpdate()
                .build());
    return daemonSet;
  }

  private static List<Volume> volumes(
      OperandContext context, Optional<DriverValidationStep> validation) {
    List<Volume> volumes = new ArrayList<>();
    volumes.add(ValidationWait.volume());
    volumes.add(
        PodParts.hostPath("plugins-registry", context.kubeletRoot() + "/plugins_registry", null));
    volumes.add(PodParts.hostPath("plugins", context.kubeletRoot() + "/plugins", null));
    volumes.add(PodParts.hostPath("cdi", context.cdiRoot(), "DirectoryOrCreate"));
    volumes.add(PodParts.hostPath("driver-root", context.driverRoot(), null));
    validation.ifPresent(v -> volumes.addAll(v.volumes()));
    return volumes;
  }

  /** {@code draDriver}'s pull secrets, and the validator's for its init container. */
  private static List<LocalObjectReference> pullSecrets(
      DraDriverSpec dra, Optional<DriverValidationStep> validation) {
    List<String> names =
        new ArrayList<>(Optional.ofNullable(dra.imagePullSecrets()).orElse(List.of()));
    validation.ifPresent(
        v -> v.pullSecrets().stream().filter(n -> !names.contains(n)).forEach(names::add));
    return names.isEmpty() ? null : PodParts.secrets(names);
  }

  /**
   * Without NVIDIA's validator image, the DRA driver waits for a {@code driver-ready} another
   * validator writes (the protocol's wait, from its own image).
   */
  private static Container waitForDriver(String image, String pullPolicy) {
    Container wait =
        ValidationWait.initContainer(
            "driver-validation", image, "driver-ready", "driver to be setup");
    wait.setImagePullPolicy(pullPolicy);
    return wait;
  }

  /** {@code draDriver}'s image, else the operator's own. */
  static String image(OperandContext context) {
    return context.spec().draDriver().containerImage().reference().orElse(context.gpuDraImage());
  }

  private static Optional<DraKubeletPluginSpec> gpus(DraDriverSpec dra) {
    return Optional.ofNullable(dra.gpus()).map(g -> g.kubeletPlugin());
  }

  /**
   * One plugin container of the pod.
   *
   * @param name the container's name
   * @param command the subcommand it runs
   * @param spec its block of {@code draDriver}; empty when the policy has none
   * @param defaultPort its health port unless the block names one
   */
  private record Plugin(
      String name, String command, Optional<DraKubeletPluginSpec> spec, int defaultPort) {}

  private static Container container(
      OperandContext context, DraDriverSpec dra, String image, Plugin plugin) {
    Optional<DraHealthcheckSpec> health = plugin.spec().map(DraKubeletPluginSpec::healthcheck);
    int port = health.map(DraHealthcheckSpec::port).orElse(plugin.defaultPort());
    boolean probes = health.map(DraHealthcheckSpec::enabledOrDefault).orElse(true);
    Container container =
        new ContainerBuilder()
            .withName(plugin.name())
            .withImage(image)
            .withArgs(plugin.command())
            .withNewSecurityContext()
            .withPrivileged(true)
            .endSecurityContext()
            .withEnv(env(context, dra, image, probes ? port : -1))
            .withVolumeMounts(mounts(context))
            .build();
    if (probes) {
      container.setStartupProbe(probe("liveness", port, 600, 1));
      container.setReadinessProbe(probe("readiness", port, 3, 10));
      container.setLivenessProbe(probe("liveness", port, 3, 10));
    }
    new ComponentSettings(
            dra.imagePullPolicy(),
            null,
            plugin.spec().map(DraKubeletPluginSpec::env).orElse(null),
            plugin.spec().map(DraKubeletPluginSpec::resources).orElse(null))
        .applyTo(container);
    return container;
  }

  private static List<EnvVar> env(
      OperandContext context, DraDriverSpec dra, String image, int healthPort) {
    List<EnvVar> env = new ArrayList<>();
    env.add(PodParts.fieldRef("NODE_NAME", "spec.nodeName"));
    env.add(PodParts.fieldRef("NAMESPACE", "metadata.namespace"));
    env.add(PodParts.env("NVIDIA_VISIBLE_DEVICES", "void"));
    env.add(PodParts.env("CDI_ROOT", context.cdiRoot()));
    env.add(PodParts.env("NVIDIA_DRIVER_ROOT", context.driverRoot()));
    context.cdiHookPath().ifPresent(path -> env.add(PodParts.env("NVIDIA_CDI_HOOK_PATH", path)));
    env.add(
        PodParts.env(
            "KUBELET_REGISTRAR_DIRECTORY_PATH", context.kubeletRoot() + "/plugins_registry"));
    env.add(PodParts.env("KUBELET_PLUGINS_DIRECTORY_PATH", context.kubeletRoot() + "/plugins"));
    env.add(PodParts.env("HEALTHCHECK_PORT", Integer.toString(healthPort)));
    env.add(PodParts.env("FEATURE_GATES", featureGates(dra)));
    env.add(PodParts.env("IMAGE_NAME", image));
    return env;
  }

  private static List<VolumeMount> mounts(OperandContext context) {
    return List.of(
        PodParts.mount("plugins-registry", context.kubeletRoot() + "/plugins_registry"),
        new io.fabric8.kubernetes.api.model.VolumeMountBuilder()
            .withName("plugins")
            .withMountPath(context.kubeletRoot() + "/plugins")
            .withMountPropagation("Bidirectional")
            .build(),
        PodParts.mount("cdi", context.cdiRoot()),
        PodParts.hostToContainer("driver-root", "/driver-root"));
  }

  /** {@code Name=true,...} in name order, as NVIDIA's {@code FEATURE_GATES}. */
  static String featureGates(DraDriverSpec dra) {
    return new TreeMap<>(Optional.ofNullable(dra.featureGates()).orElse(Map.of()))
        .entrySet().stream()
            .map(e -> e.getKey() + "=" + e.getValue())
            .collect(Collectors.joining(","));
  }

  private static io.fabric8.kubernetes.api.model.Probe probe(
      String service, int port, int failureThreshold, int periodSeconds) {
    return new ProbeBuilder()
        .withNewGrpc()
        .withPort(port)
        .withService(service)
        .endGrpc()
        .withFailureThreshold(failureThreshold)
        .withPeriodSeconds(periodSeconds)
        .build();
  }
}
