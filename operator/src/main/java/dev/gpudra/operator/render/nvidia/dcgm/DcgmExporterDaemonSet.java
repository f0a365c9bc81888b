package dev.gpudra.operator.render.nvidia.dcgm;

import dev.gpudra.api.clusterpolicy.DcgmExporterSpec;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.OperandRbac;
import dev.gpudra.operator.render.PodParts;
import dev.gpudra.operator.render.ValidationWait;
import dev.gpudra.operator.render.nvidia.component.NvidiaComponent;
import dev.gpudra.operator.render.nvidia.component.NvidiaDaemonSet;
import dev.gpudra.operator.render.nvidia.validator.OperatorValidatorRuntime;
import dev.gpudra.operator.render.nvidia.validator.OperatorValidatorToolkitWait;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.ProbeBuilder;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBinding;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code state-dcgm-exporter}: NVIDIA's DCGM exporter ({@code spec.dcgmExporter}, else the
 * operator's {@code DCGM_EXPORTER_IMAGE}) on the nodes labelled {@code
 * nvidia.com/gpu.deploy.dcgm-exporter=true}, serving GPU metrics on port 9400 behind the Service
 * {@code nvidia-dcgm-exporter} ({@code gpu-metrics}) and, when enabled, a ServiceMonitor. It waits
 * for the validator's {@code toolkit-ready}, runs with NVIDIA's RuntimeClass, reads the kubelet's
 * pod-resources socket to name the pods using each GPU, and connects to the standalone host engine
 * {@code nvidia-dcgm:5555} when {@code dcgm} is enabled (else it embeds one). With pod labels or
 * UIDs on the metrics it reads all pods ({@code nvidia-dcgm-exporter-read-pods}); its Role reads
 * ConfigMaps (a metrics ConfigMap named in {@code DCGM_EXPORTER_CONFIGMAP_DATA}); the service
 * account token is mounted only when the exporter talks to the API server. {@code annotations},
 * {@code podAnnotations} and {@code podLabels} go on the pods ({@code app} kept). OpenShift's
 * SecurityContextConstraints, Prometheus roles, init container and PrometheusRule are left out.
 */
public final class DcgmExporterDaemonSet {
  /** NVIDIA's name of the DaemonSet, its Service, ServiceMonitor and service account. */
  public static final String NAME = "nvidia-dcgm-exporter";

  /** The metrics port. */
  public static final int PORT = 9400;

  static final String READ_PODS = NAME + "-read-pods";
  static final String DEFAULT_COLLECTORS = "/etc/dcgm-exporter/dcp-metrics-included.csv";

  private DcgmExporterDaemonSet() {}

  public static List<HasMetadata> objects(OperandContext context) {
    Optional<DcgmExporterSpec> spec = Optional.ofNullable(context.spec().dcgmExporter());
    NvidiaComponent component =
        NvidiaComponent.of(context, spec.orElse(null), "dcgmExporter", "DCGM_EXPORTER_IMAGE");
    DcgmExporterOptions options = new DcgmExporterOptions(spec.orElse(null));
    List<HasMetadata> objects = new ArrayList<>();
    objects.add(OperandRbac.serviceAccount(context, NAME));
    objects.addAll(
        OperandRbac.role(context, NAME, NAME, OperandRbac.rule("", "configmaps", "get", "list")));
    if (options.podMetadata()) {
      objects.add(
          OperandRbac.clusterRole(
              READ_PODS, List.of(OperandRbac.rule("", "pods", "get", "list", "watch"))));
      objects.add(readPodsBinding(context));
    }
    objects.add(DcgmExporterMonitoring.service(context, spec));
    DcgmExporterMonitoring.serviceMonitor(context, spec).ifPresent(objects::add);
    objects.add(daemonSet(context, component, options));
    return objects;
  }

  private static DaemonSet daemonSet(
      OperandContext context, NvidiaComponent component, DcgmExporterOptions options) {
    Container main = exporter(context);
    PodSpec pod =
        new PodSpecBuilder()
            .withInitContainers(OperatorValidatorToolkitWait.initContainer(context))
            .withContainers(main)
            .withVolumes(
                PodParts.hostPath(
                    "pod-gpu-resources", context.kubeletRoot() + "/pod-resources", null),
                ValidationWait.volume())
            .withAutomountServiceAccountToken(options.apiAccess())
            .build();
    options.applyTo(context, pod, pod.getContainers().getFirst());
    DaemonSet daemonSet = NvidiaDaemonSet.of(context, NAME, "dcgm-exporter", component, pod);
    OperatorValidatorToolkitWait.finish(daemonSet, context);
    OperatorValidatorRuntime.apply(daemonSet, context, NAME);
    podMetadata(daemonSet, Optional.ofNullable(context.spec().dcgmExporter()));
    return daemonSet;
  }

  private static Container exporter(OperandContext context) {
    return new ContainerBuilder()
        .withName(NAME)
        .withEnv(
            PodParts.env("DCGM_EXPORTER_LISTEN", ":" + PORT),
            PodParts.env("DCGM_EXPORTER_KUBERNETES", "true"),
            PodParts.env(DcgmExporterOptions.COLLECTORS, DEFAULT_COLLECTORS),
            PodParts.fieldRef("NODE_NAME", "spec.nodeName"))
        .addNewPort()
        .withName("metrics")
        .withContainerPort(PORT)
        .endPort()
        .withLivenessProbe(health(5))
        .withReadinessProbe(health(null))
        .withVolumeMounts(
            new VolumeMountBuilder()
                .withName("pod-gpu-resources")
                .withReadOnly(true)
                .withMountPath("/var/lib/kubelet/pod-resources")
                .build())
        .withNewSecurityContext()
        .withPrivileged(true)
        .endSecurityContext()
        .build();
  }

  private static Probe health(Integer periodSeconds) {
    return new ProbeBuilder()
        .withNewHttpGet()
        .withPort(new IntOrString(PORT))
        .withPath("/health")
        .endHttpGet()
        .withInitialDelaySeconds(45)
        .withPeriodSeconds(periodSeconds)
        .build();
  }

  /** {@code annotations} and {@code podAnnotations}, then {@code podLabels} but {@code app}. */
  private static void podMetadata(DaemonSet daemonSet, Optional<DcgmExporterSpec> spec) {
    if (spec.isEmpty()) {
      return;
    }
    ObjectMeta meta = daemonSet.getSpec().getTemplate().getMetadata();
    Map<String, String> annotations = new LinkedHashMap<>(orEmpty(meta.getAnnotations()));
    annotations.putAll(orEmpty(spec.get().annotations()));
    annotations.putAll(orEmpty(spec.get().podAnnotations()));
    meta.setAnnotations(annotations.isEmpty() ? null : annotations);
    Map<String, String> labels = new LinkedHashMap<>(orEmpty(meta.getLabels()));
    labels.putAll(orEmpty(spec.get().podLabels()));
    labels.put("app", NAME);
    meta.setLabels(labels);
  }

  private static HasMetadata readPodsBinding(OperandContext context) {
    HasMetadata binding = OperandRbac.clusterRoleBinding(context, READ_PODS);
    ((ClusterRoleBinding) binding).getSubjects().getFirst().setName(NAME);
    return binding;
  }

  private static Map<String, String> orEmpty(Map<String, String> map) {
    return map == null ? Map.of() : map;
  }
}
