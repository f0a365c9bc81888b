package dev.gpudra.operator.render.nvidia.dcgm;

import dev.gpudra.api.clusterpolicy.DcgmExporterHpcJobMappingConfig;
import dev.gpudra.api.clusterpolicy.DcgmExporterMetricsConfig;
import dev.gpudra.api.clusterpolicy.DcgmExporterSpec;
import dev.gpudra.api.clusterpolicy.EnvVar;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.nvidia.validator.OperatorValidatorEnv;
import dev.gpudra.operator.states.OperandState;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What {@code spec.dcgmExporter} (and {@code spec.dcgm}) change in the exporter's pod, as NVIDIA's
 * operator changes it: the standalone host engine to connect to, HPC job mapping, the metrics
 * ConfigMap, pod labels and UIDs on the metrics (and the API access they need), host PID.
 *
 * @param spec the exporter's block; null when the policy has none
 */
record DcgmExporterOptions(DcgmExporterSpec spec) {
  static final String REMOTE_ENGINE = "DCGM_REMOTE_HOSTENGINE_INFO";
  static final String COLLECTORS = "DCGM_EXPORTER_COLLECTORS";
  static final String METRICS_FILE = "dcgm-metrics.csv";
  static final String METRICS_PATH = "/etc/dcgm-exporter/" + METRICS_FILE;
  static final String DEFAULT_JOB_MAPPING_DIR = "/var/lib/dcgm-exporter/job-mapping";
  static final String POD_LABELS = "DCGM_EXPORTER_KUBERNETES_ENABLE_POD_LABELS";
  static final String POD_UID = "DCGM_EXPORTER_KUBERNETES_ENABLE_POD_UID";
  static final String ALLOWLIST = "DCGM_EXPORTER_KUBERNETES_POD_LABEL_ALLOWLIST_REGEX";
  static final String CONFIGMAP_DATA = "DCGM_EXPORTER_CONFIGMAP_DATA";

  /** The values Go's {@code strconv.ParseBool} reads as true, as the exporter reads its flags. */
  private static final Set<String> TRUE = Set.of("1", "t", "T", "TRUE", "true", "True");

  /** Applies every option to the exporter's container {@code main} and its pod. */
  void applyTo(OperandContext context, PodSpec pod, Container main) {
    remoteEngine(context, pod, main);
    if (spec == null) {
      return;
    }
    hpcJobMapping(pod, main);
    metricsConfig(pod, main);
    if (Boolean.TRUE.equals(spec.enablePodLabels())) {
      OperatorValidatorEnv.set(main, POD_LABELS, "true");
    }
    if (Boolean.TRUE.equals(spec.enablePodUid())) {
      OperatorValidatorEnv.set(main, POD_UID, "true");
    }
    if (spec.podLabelAllowlistRegex() != null && !spec.podLabelAllowlistRegex().isEmpty()) {
      OperatorValidatorEnv.set(main, ALLOWLIST, String.join(",", spec.podLabelAllowlistRegex()));
    }
    if (Boolean.TRUE.equals(spec.hostPid())) {
      pod.setHostPID(true);
    }
  }

  /**
   * With the standalone host engine enabled ({@code dcgm} absent counts as enabled), the exporter
   * reads it at {@code nvidia-dcgm:5555}; without, one the policy's {@code env} points at {@code
   * localhost} (a host's own DCGM, as on DGX OS) needs the host's network.
   */
  private void remoteEngine(OperandContext context, PodSpec pod, Container main) {
    if (OperandState.DCGM.enabledBy(context.spec())) {
      OperatorValidatorEnv.set(main, REMOTE_ENGINE, DcgmDaemonSet.NAME + ":" + DcgmDaemonSet.PORT);
    } else if (userEnv(REMOTE_ENGINE).filter(v -> v.startsWith("localhost")).isPresent()) {
      pod.setHostNetwork(true);
      pod.setDnsPolicy("ClusterFirstWithHostNet");
    }
  }

  private void hpcJobMapping(PodSpec pod, Container main) {
    DcgmExporterHpcJobMappingConfig mapping = spec.hpcJobMapping();
    if (mapping == null || !mapping.enabledOrDefault()) {
      return;
    }
    String dir =
        Optional.ofNullable(mapping.directory())
            .filter(d -> !d.isEmpty())
            .orElse(DEFAULT_JOB_MAPPING_DIR);
    OperatorValidatorEnv.set(main, "DCGM_HPC_JOB_MAPPING_DIR", dir);
    main.getVolumeMounts()
        .add(
            new VolumeMountBuilder()
                .withName("hpc-job-mapping")
                .withReadOnly(true)
                .withMountPath(dir)
                .build());
    pod.getVolumes()
        .add(
            new VolumeBuilder()
                .withName("hpc-job-mapping")
                .withNewHostPath()
                .withPath(dir)
                .withType("DirectoryOrCreate")
                .endHostPath()
                .build());
  }

  private void metricsConfig(PodSpec pod, Container main) {
    Optional<String> name =
        Optional.ofNullable(spec.config())
            .map(DcgmExporterMetricsConfig::name)
            .filter(n -> !n.isEmpty());
    if (name.isEmpty()) {
      return;
    }
    main.getVolumeMounts()
        .add(
            new VolumeMountBuilder()
                .withName("metrics-config")
                .withReadOnly(true)
                .withMountPath(METRICS_PATH)
                .withSubPath(METRICS_FILE)
                .build());
    pod.getVolumes()
        .add(
            new VolumeBuilder()
                .withName("metrics-config")
                .withNewConfigMap()
                .withName(name.get())
                .addNewItem()
                .withKey(METRICS_FILE)
                .withPath(METRICS_FILE)
                .endItem()
                .endConfigMap()
                .build());
    OperatorValidatorEnv.set(main, COLLECTORS, METRICS_PATH);
  }

  /**
   * Whether the metrics carry pod labels or UIDs ({@code enablePodLabels}, {@code enablePodUID}, or
   * the exporter's own variables in {@code env}): the exporter then reads all pods, and NVIDIA's
   * operator grants that with the ClusterRole {@code nvidia-dcgm-exporter-read-pods}.
   */
  boolean podMetadata() {
    return spec != null
        && (Boolean.TRUE.equals(spec.enablePodLabels())
            || Boolean.TRUE.equals(spec.enablePodUid())
            || userEnv(POD_LABELS).filter(TRUE::contains).isPresent()
            || userEnv(POD_UID).filter(TRUE::contains).isPresent());
  }

  /**
   * Whether the exporter talks to the API server (pod metadata, or a metrics ConfigMap read through
   * {@code DCGM_EXPORTER_CONFIGMAP_DATA}); only then is the service account token mounted.
   */
  boolean apiAccess() {
    return podMetadata()
        || userEnv(CONFIGMAP_DATA).filter(v -> !v.isEmpty() && !v.equals("none")).isPresent();
  }

  private Optional<String> userEnv(String name) {
    List<EnvVar> env = spec == null || spec.env() == null ? List.of() : spec.env();
    return env.stream()
        .filter(e -> e.name().equals(name))
        .reduce((first, second) -> second)
        .map(e -> e.value() == null ? "" : e.value());
  }
}
