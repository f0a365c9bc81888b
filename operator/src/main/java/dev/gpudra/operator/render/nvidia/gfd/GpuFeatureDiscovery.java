package dev.gpudra.operator.render.nvidia.gfd;

import dev.gpudra.api.clusterpolicy.GpuFeatureDiscoverySpec;
import dev.gpudra.api.clusterpolicy.MigSpec;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.nvidia.asset.OperandAssets;
import dev.gpudra.operator.render.nvidia.asset.StateAssets;
import dev.gpudra.operator.render.nvidia.component.NvidiaComponent;
import dev.gpudra.operator.render.nvidia.component.NvidiaDaemonSet;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import java.util.List;
import java.util.Optional;

/**
 * {@code gpu-feature-discovery}: NVIDIA's GPU feature discovery ({@code spec.gfd}, the
 * k8s-device-plugin image, else {@code GFD_IMAGE}) on the nodes labelled {@code
 * nvidia.com/gpu.deploy.gpu-feature-discovery=true}, after the validator's {@code toolkit-ready}.
 * It labels its node ({@code nvidia.com/gpu.product}, {@code .count}, {@code mig.capable}, ...)
 * every {@code GFD_SLEEP_INTERVAL} (60 s), reading the GPUs through the {@code nvidia} RuntimeClass
 * and the host's {@code /sys}; {@code MIG_STRATEGY} follows {@code spec.mig.strategy} and, with
 * {@code devicePlugin.config.name}, the node's device-plugin config (so the sharing labels match
 * the plugin's). The labels go out as the binary chooses: by default an NFD {@code NodeFeature} in
 * this namespace (the Role below), else the file in the host's NFD {@code features.d}, which is
 * mounted as NVIDIA's asset mounts it. NVIDIA's OpenShift SecurityContextConstraints role rule is
 * not rendered. The objects are the resources under {@code operands/gpu-feature-discovery/}, the
 * policy's settings (and the config manager's containers) applied to the DaemonSet.
 */
public final class GpuFeatureDiscovery {
  /** NVIDIA's name of the DaemonSet and its main container. */
  public static final String NAME = "gpu-feature-discovery";

  /** NVIDIA's name of the service account and its roles. */
  public static final String ACCOUNT = "nvidia-gpu-feature-discovery";

  static final String TOOLKIT_WAIT = "toolkit-validation";

  private GpuFeatureDiscovery() {}

  public static List<HasMetadata> objects(OperandContext context) {
    GpuFeatureDiscoverySpec spec = context.spec().gfd();
    NvidiaComponent component = NvidiaComponent.of(context, spec, "gfd", "GFD_IMAGE");
    String validator =
        context.nvidiaImage(context.spec().validator(), "validator", "VALIDATOR_IMAGE");
    StateAssets assets = OperandAssets.bundled().load(NAME, context.namespace());
    DaemonSet daemonSet = assets.one(DaemonSet.class);
    PodSpec pod = daemonSet.getSpec().getTemplate().getSpec();
    pod.getInitContainers().stream()
        .filter(c -> c.getName().equals(TOOLKIT_WAIT))
        .forEach(c -> c.setImage(validator));
    var config = GfdConfigManager.config(context);
    config.ifPresent(c -> GfdConfigManager.applyTo(context, c, pod, NAME));
    NvidiaDaemonSet.apply(context, component, NAME, daemonSet);
    config.ifPresent(c -> GfdConfigManager.finish(context, pod, NAME));
    GfdEnv.mig(
        GfdEnv.container(pod, NAME),
        Optional.ofNullable(context.spec().mig()).map(MigSpec::strategy).orElse(null));
    GfdRuntimeClass.applyTo(context, daemonSet.getSpec().getTemplate(), NAME);
    return assets.objects();
  }
}
