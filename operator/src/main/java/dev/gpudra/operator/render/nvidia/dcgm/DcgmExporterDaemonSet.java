package dev.gpudra.operator.render.nvidia.dcgm;

import dev.gpudra.api.clusterpolicy.DcgmExporterSpec;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.nvidia.asset.OperandAssets;
import dev.gpudra.operator.render.nvidia.asset.StateAssets;
import dev.gpudra.operator.render.nvidia.component.NvidiaComponent;
import dev.gpudra.operator.render.nvidia.component.NvidiaDaemonSet;
import dev.gpudra.operator.render.nvidia.validator.OperatorValidatorRuntime;
import dev.gpudra.operator.render.nvidia.validator.OperatorValidatorToolkitWait;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
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
 * SecurityContextConstraints, Prometheus roles, init container and PrometheusRule are left out. The
 * objects are the resources under {@code operands/state-dcgm-exporter/} (the read-pods ClusterRole
 * and binding left out unless needed), the ServiceMonitor built from the policy.
 */
public final class DcgmExporterDaemonSet {
  /** NVIDIA's name of the DaemonSet, its Service, ServiceMonitor and service account. */
  public static final String NAME = "nvidia-dcgm-exporter";

  /** The metrics port. */
  public static final int PORT = 9400;

  static final String READ_PODS = NAME + "-read-pods";
  static final String STATE = "state-dcgm-exporter";
  static final String POD_RESOURCES = "pod-gpu-resources";

  private DcgmExporterDaemonSet() {}

  public static List<HasMetadata> objects(OperandContext context) {
    Optional<DcgmExporterSpec> spec = Optional.ofNullable(context.spec().dcgmExporter());
    NvidiaComponent component =
        NvidiaComponent.of(context, spec.orElse(null), "dcgmExporter", "DCGM_EXPORTER_IMAGE");
    DcgmExporterOptions options = new DcgmExporterOptions(spec.orElse(null));
    StateAssets assets = OperandAssets.bundled().load(STATE, context.namespace());
    DcgmExporterMonitoring.applyTo(assets.one(Service.class), spec);
    daemonSet(context, component, options, assets.one(DaemonSet.class));
    if (!options.podMetadata()) {
      assets.without(ClusterRole.class, READ_PODS).without(ClusterRoleBinding.class, READ_PODS);
    }
    List<HasMetadata> objects = new ArrayList<>(assets.objects());
    DcgmExporterMonitoring.serviceMonitor(context, spec)
        .ifPresent(monitor -> objects.add(objects.size() - 1, monitor));
    return objects;
  }

  private static void daemonSet(
      OperandContext context,
      NvidiaComponent component,
      DcgmExporterOptions options,
      DaemonSet daemonSet) {
    PodSpec pod = daemonSet.getSpec().getTemplate().getSpec();
    pod.getVolumes().stream()
        .filter(v -> v.getName().equals(POD_RESOURCES))
        .forEach(v -> v.getHostPath().setPath(context.kubeletRoot() + "/pod-resources"));
    pod.setAutomountServiceAccountToken(options.apiAccess());
    Container main =
        pod.getContainers().stream()
            .filter(c -> c.getName().equals(NAME))
            .findFirst()
            .orElseThrow();
    options.applyTo(context, pod, main);
    NvidiaDaemonSet.apply(context, component, NAME, daemonSet);
    OperatorValidatorToolkitWait.apply(daemonSet, context);
    OperatorValidatorRuntime.apply(daemonSet, context, NAME);
    podMetadata(daemonSet, Optional.ofNullable(context.spec().dcgmExporter()));
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

  private static Map<String, String> orEmpty(Map<String, String> map) {
    return map == null ? Map.of() : map;
  }
}
