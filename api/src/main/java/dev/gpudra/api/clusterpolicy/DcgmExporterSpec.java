package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.gpudra.api.schema.Pattern;
import java.util.List;
import java.util.Map;

/**
 * The DCGM exporter ({@code spec.dcgmExporter}).
 *
 * @param enabled whether the operator deploys the DCGM exporter; absent means true (no CRD default)
 * @param repository the image's registry and repository path
 * @param image the image name (a full reference when repository and version are empty)
 * @param version the image tag, or a {@code sha256:} digest
 * @param imagePullPolicy {@code Always}, {@code Never} or {@code IfNotPresent}
 * @param imagePullSecrets names of the Secrets to pull the image with
 * @param resources the container's resource limits and requests
 * @param args extra container arguments
 * @param env extra container environment variables
 * @param config which metrics to export
 * @param serviceMonitor the prometheus-operator ServiceMonitor
 * @param service the exporter's Service
 * @param hostPid whether the pod runs in the host PID namespace; absent means false
 * @param hostNetwork whether the pod runs in the host network; absent means false
 * @param hpcJobMapping mapping of GPUs to HPC jobs
 * @param podAnnotations annotations of the exporter pods; in one upstream variant only (a proposal
 *     not merged), accepted because manifests carry it
 * @param podLabels labels of the exporter pods; in one upstream variant only (a proposal not
 *     merged), accepted because manifests carry it
 * @param annotations (newer upstream) annotations of the exporter DaemonSet
 * @param enablePodLabels (newer upstream) whether to add the labels of the pod using a GPU to its
 *     metrics; needs read access to all pods
 * @param enablePodUid (newer upstream) whether to add the UID of the pod using a GPU to its metrics
 * @param podLabelAllowlistRegex (newer upstream) which pod labels to add; empty means all
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DcgmExporterSpec(
    Boolean enabled,
    String repository,
    @Pattern(Image.NAME_PATTERN) String image,
    String version,
    String imagePullPolicy,
    List<String> imagePullSecrets,
    Resources resources,
    List<String> args,
    List<EnvVar> env,
    DcgmExporterMetricsConfig config,
    ServiceMonitorConfig serviceMonitor,
    DcgmExporterServiceConfig service,
    @JsonProperty("hostPID") Boolean hostPid,
    Boolean hostNetwork,
    DcgmExporterHpcJobMappingConfig hpcJobMapping,
    Map<String, String> podAnnotations,
    Map<String, String> podLabels,
    Map<String, String> annotations,
    Boolean enablePodLabels,
    @JsonProperty("enablePodUID") Boolean enablePodUid,
    List<String> podLabelAllowlistRegex)
    implements ContainerKeys, EnabledByDefault {
  public DcgmExporterSpec {
    imagePullSecrets = Frozen.list(imagePullSecrets);
    args = Frozen.list(args);
    env = Frozen.list(env);
    podAnnotations = Frozen.map(podAnnotations);
    podLabels = Frozen.map(podLabels);
    annotations = Frozen.map(annotations);
    podLabelAllowlistRegex = Frozen.list(podLabelAllowlistRegex);
  }
}
