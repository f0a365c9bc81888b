package dev.gpudra.operator.render.nvidia.gfd;

import dev.gpudra.api.clusterpolicy.GpuFeatureDiscoverySpec;
import dev.gpudra.api.clusterpolicy.MigSpec;
import dev.gpudra.operator.render.DaemonSetShape;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.OperandRbac;
import dev.gpudra.operator.render.PodParts;
import dev.gpudra.operator.render.ValidationWait;
import dev.gpudra.operator.render.nvidia.component.NvidiaComponent;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
 * not rendered.
 */
public final class GpuFeatureDiscovery {
  /** NVIDIA's name of the DaemonSet and its main container. */
  public static final String NAME = "gpu-feature-discovery";

  /** NVIDIA's name of the service account and its roles. */
  public static final String ACCOUNT = "nvidia-gpu-feature-discovery";

  static final String FEATURES_DIR = "/etc/kubernetes/node-feature-discovery/features.d";

  private GpuFeatureDiscovery() {}

  public static List<HasMetadata> objects(OperandContext context) {
    GpuFeatureDiscoverySpec spec = context.spec().gfd();
    NvidiaComponent component = NvidiaComponent.of(context, spec, "gfd", "GFD_IMAGE");
    List<HasMetadata> objects = new ArrayList<>();
    objects.add(OperandRbac.serviceAccount(context, ACCOUNT));
    objects.addAll(
        OperandRbac.role(
            context,
            ACCOUNT,
            ACCOUNT,
            OperandRbac.rule(
                "nfd.k8s-sigs.io", "nodefeatures", "get", "list", "watch", "create", "update")));
    objects.add(
        OperandRbac.clusterRole(
            ACCOUNT,
            List.of(
                OperandRbac.rule("", "nodes", "get", "list", "watch"),
                OperandRbac.rule("", "pods", "get"))));
    objects.add(OperandRbac.clusterRoleBinding(context, ACCOUNT));
    objects.add(daemonSet(context, component));
    return objects;
  }

  private static DaemonSet daemonSet(OperandContext context, NvidiaComponent component) {
    String validator =
        context.nvidiaImage(context.spec().validator(), "validator", "VALIDATOR_IMAGE");
    PodSpec pod =
        new PodSpecBuilder()
            .withServiceAccountName(ACCOUNT)
            .withInitContainers(
                ValidationWait.initContainer(
                    "toolkit-validation",
                    validator,
                    "toolkit-ready",
                    "nvidia container stack to be setup"))
            .withContainers(main())
            .withVolumes(
                PodParts.hostPath("output-dir", FEATURES_DIR, null),
                PodParts.hostPath("host-sys", "/sys", null),
                ValidationWait.volume())
            .build();
    var config = GfdConfigManager.config(context);
    config.ifPresent(c -> GfdConfigManager.applyTo(context, c, pod, NAME));
    component.applyTo(pod, NAME);
    config.ifPresent(c -> GfdConfigManager.finish(context, pod, NAME));
    GfdEnv.mig(
        GfdEnv.container(pod, NAME),
        Optional.ofNullable(context.spec().mig()).map(MigSpec::strategy).orElse(null));
    DaemonSet ds = DaemonSetShape.of(context, NAME, "gpu-feature-discovery", Map.of(), pod);
    ds.getMetadata().getLabels().put("app.kubernetes.io/part-of", "nvidia-gpu");
    ds.getSpec()
        .getTemplate()
        .getMetadata()
        .getLabels()
        .put("app.kubernetes.io/part-of", "nvidia-gpu");
    GfdRuntimeClass.applyTo(context, ds.getSpec().getTemplate(), NAME);
    return ds;
  }

  private static Container main() {
    return new ContainerBuilder()
        .withName(NAME)
        .withCommand("gpu-feature-discovery")
        .withEnv(
            PodParts.env("GFD_SLEEP_INTERVAL", "60s"),
            PodParts.env("GFD_FAIL_ON_INIT_ERROR", "true"),
            PodParts.fieldRef("NAMESPACE", "metadata.namespace"),
            PodParts.fieldRef("NODE_NAME", "spec.nodeName"))
        .withVolumeMounts(
            PodParts.mount("output-dir", FEATURES_DIR),
            new VolumeMountBuilder()
                .withName("host-sys")
                .withMountPath("/sys")
                .withReadOnly(true)
                .build())
        .withNewSecurityContext()
        .withPrivileged(true)
        .endSecurityContext()
        .build();
  }
}
