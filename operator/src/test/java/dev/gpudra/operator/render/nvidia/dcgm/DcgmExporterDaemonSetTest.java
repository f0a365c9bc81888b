package dev.gpudra.operator.render.nvidia.dcgm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.operator.render.MissingImageException;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.StateRefusedException;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBinding;
import io.fabric8.kubernetes.api.model.rbac.Role;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DcgmExporterDaemonSetTest {
  private static final String IMAGES =
      "validator: {repository: nvcr.io/nvidia/cloud-native, image: gpu-operator-validator,"
          + " version: v26.7.0}\n";
  private static final String EXPORTER =
      "dcgmExporter: {repository: nvcr.io/nvidia/k8s, image: dcgm-exporter,"
          + " version: 4.6.0-4.8.3-ubuntu22.04, imagePullPolicy: IfNotPresent";

  private static ClusterPolicySpec spec(String yaml) throws IOException {
    return new ObjectMapper(new YAMLFactory()).readValue(yaml, ClusterPolicySpec.class);
  }

  private static List<HasMetadata> objects(String exporter, String rest) throws IOException {
    return DcgmExporterDaemonSet.objects(
        new OperandContext("gpu-operator", spec(EXPORTER + exporter + "}\n" + IMAGES + rest), "x"));
  }

  private static DaemonSet daemonSet(List<HasMetadata> objects) {
    return (DaemonSet) objects.getLast();
  }

  private static PodSpec pod(List<HasMetadata> objects) {
    return daemonSet(objects).getSpec().getTemplate().getSpec();
  }

  private static Map<String, String> env(List<HasMetadata> objects) {
    return pod(objects).getContainers().getFirst().getEnv().stream()
        .filter(e -> e.getValue() != null)
        .collect(Collectors.toMap(EnvVar::getName, EnvVar::getValue));
  }

  private static <T> List<T> ofType(List<HasMetadata> objects, Class<T> type) {
    return objects.stream().filter(type::isInstance).map(type::cast).toList();
  }

  @Test
  @DisplayName("the exporter listens on port 9400 on its deploy label, waiting for the toolkit")
  void exporterOnPort9400OnItsDeployLabelWaitingForTheToolkit() throws IOException {
    List<HasMetadata> objects = objects("", "");

    DaemonSet ds = daemonSet(objects);
    PodSpec pod = pod(objects);
    Container main = pod.getContainers().getFirst();
    assertThat(ds.getMetadata().getName()).isEqualTo("nvidia-dcgm-exporter");
    assertThat(pod.getNodeSelector())
        .containsExactly(Map.entry("nvidia.com/gpu.deploy.dcgm-exporter", "true"));
    assertThat(main.getImage())
        .isEqualTo("nvcr.io/nvidia/k8s/dcgm-exporter:4.6.0-4.8.3-ubuntu22.04");
    assertThat(main.getPorts().getFirst().getContainerPort()).isEqualTo(9400);
    assertThat(main.getLivenessProbe().getHttpGet().getPath()).isEqualTo("/health");
    assertThat(env(objects))
        .containsEntry("DCGM_EXPORTER_LISTEN", ":9400")
        .containsEntry("DCGM_EXPORTER_KUBERNETES", "true")
        .containsEntry("DCGM_EXPORTER_COLLECTORS", "/etc/dcgm-exporter/dcp-metrics-included.csv");
    assertThat(pod.getInitContainers().getFirst().getName()).isEqualTo("toolkit-validation");
    assertThat(pod.getInitContainers().getFirst().getArgs().getFirst()).contains("toolkit-ready");
    assertThat(pod.getVolumes())
        .anySatisfy(
            v -> assertThat(v.getHostPath().getPath()).isEqualTo("/var/lib/kubelet/pod-resources"));
    assertThat(pod.getRuntimeClassName()).isEqualTo("nvidia");
    assertThat(pod.getAutomountServiceAccountToken()).isFalse();
    assertThat(pod.getHostPID()).isNull();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "DCGM absent   | ''                    | nvidia-dcgm:5555",
        "DCGM enabled  | 'dcgm: {enabled: true}'  | nvidia-dcgm:5555",
        "DCGM disabled | 'dcgm: {enabled: false}' |"
      })
  @DisplayName("the standalone host engine is used when DCGM is enabled or absent")
  void theStandaloneHostEngineIsUsedWhenDcgmIsEnabledOrAbsent(
      String name, String dcgm, String hostEngine) throws IOException {
    assertThat(env(objects("", dcgm + "\n")).get("DCGM_REMOTE_HOSTENGINE_INFO"))
        .isEqualTo(hostEngine);
  }

  @Test
  @DisplayName("a host's own host engine on localhost puts the pod on the host network")
  void aHostsOwnHostEngineOnLocalhostPutsThePodOnTheHostNetwork() throws IOException {
    List<HasMetadata> objects =
        objects(
            ", env: [{name: DCGM_REMOTE_HOSTENGINE_INFO, value: 'localhost:5555'}]",
            "dcgm: {enabled: false}\n");

    assertThat(pod(objects).getHostNetwork()).isTrue();
    assertThat(pod(objects).getDnsPolicy()).isEqualTo("ClusterFirstWithHostNet");
    assertThat(env(objects)).containsEntry("DCGM_REMOTE_HOSTENGINE_INFO", "localhost:5555");
  }

  @Test
  @DisplayName("the metrics ConfigMap is mounted and named as the collectors")
  void theMetricsConfigMapIsMountedAndNamedAsTheCollectors() throws IOException {
    List<HasMetadata> objects = objects(", config: {name: my-metrics}", "");

    PodSpec pod = pod(objects);
    assertThat(env(objects))
        .containsEntry("DCGM_EXPORTER_COLLECTORS", "/etc/dcgm-exporter/dcgm-metrics.csv");
    assertThat(pod.getVolumes())
        .filteredOn(v -> v.getName().equals("metrics-config"))
        .singleElement()
        .satisfies(v -> {
          assertThat(v.getConfigMap().getName()).isEqualTo("my-metrics");
          assertThat(v.getConfigMap().getItems().getFirst().getKey()).isEqualTo("dcgm-metrics.csv");
        });
    assertThat(pod.getContainers().getFirst().getVolumeMounts())
        .anySatisfy(m -> {
          assertThat(m.getMountPath()).isEqualTo("/etc/dcgm-exporter/dcgm-metrics.csv");
          assertThat(m.getSubPath()).isEqualTo("dcgm-metrics.csv");
        });
  }

  @Test
  @DisplayName("hostPID and HPC job mapping are as the policy says")
  void hostPidAndHpcJobMappingAsThePolicySays() throws IOException {
    List<HasMetadata> defaults = objects(", hostPID: true, hpcJobMapping: {enabled: true}", "");
    List<HasMetadata> custom =
        objects(", hpcJobMapping: {enabled: true, directory: /var/run/jobs}", "");

    assertThat(pod(defaults).getHostPID()).isTrue();
    assertThat(env(defaults))
        .containsEntry("DCGM_HPC_JOB_MAPPING_DIR", "/var/lib/dcgm-exporter/job-mapping");
    assertThat(env(custom)).containsEntry("DCGM_HPC_JOB_MAPPING_DIR", "/var/run/jobs");
    assertThat(pod(custom).getVolumes())
        .filteredOn(v -> v.getName().equals("hpc-job-mapping"))
        .singleElement()
        .satisfies(v -> assertThat(v.getHostPath().getPath()).isEqualTo("/var/run/jobs"));
    assertThat(env(objects(", hpcJobMapping: {directory: /x}", "")))
        .doesNotContainKey("DCGM_HPC_JOB_MAPPING_DIR");
  }

  @Test
  @DisplayName("pod labels need reading all pods and the service account token")
  void podLabelsNeedReadingAllPodsAndTheServiceAccountToken() throws IOException {
    List<HasMetadata> objects =
        objects(
            ", enablePodLabels: true, enablePodUID: true,"
                + " podLabelAllowlistRegex: ['^app$', '^team$']",
            "");

    assertThat(env(objects))
        .containsEntry("DCGM_EXPORTER_KUBERNETES_ENABLE_POD_LABELS", "true")
        .containsEntry("DCGM_EXPORTER_KUBERNETES_ENABLE_POD_UID", "true")
        .containsEntry("DCGM_EXPORTER_KUBERNETES_POD_LABEL_ALLOWLIST_REGEX", "^app$,^team$");
    assertThat(pod(objects).getAutomountServiceAccountToken()).isTrue();
    assertThat(ofType(objects, ClusterRole.class))
        .singleElement()
        .satisfies(r -> {
          assertThat(r.getMetadata().getName()).isEqualTo("nvidia-dcgm-exporter-read-pods");
          assertThat(r.getRules().getFirst().getResources()).containsExactly("pods");
          assertThat(r.getRules().getFirst().getVerbs()).containsExactly("get", "list", "watch");
        });
    assertThat(ofType(objects, ClusterRoleBinding.class))
        .singleElement()
        .satisfies(b -> {
          assertThat(b.getRoleRef().getName()).isEqualTo("nvidia-dcgm-exporter-read-pods");
          assertThat(b.getSubjects().getFirst().getName()).isEqualTo("nvidia-dcgm-exporter");
        });
    assertThat(ofType(objects("", ""), ClusterRole.class)).isEmpty();
    assertThat(
            ofType(
                objects(
                    ", env: [{name: DCGM_EXPORTER_KUBERNETES_ENABLE_POD_UID, value:" + " 'true'}]",
                    ""),
                ClusterRole.class))
        .hasSize(1);
    assertThat(ofType(objects("", ""), Role.class).getFirst().getRules())
        .allSatisfy(r -> assertThat(r.getVerbs()).doesNotContain("*"));
  }

  @ParameterizedTest(name = "DCGM_EXPORTER_CONFIGMAP_DATA={0}")
  @CsvSource({"ns:cm, true", "none, false"})
  @DisplayName("a metrics ConfigMap read through the API mounts the token")
  void aMetricsConfigMapReadThroughTheApiMountsTheToken(String data, boolean token)
      throws IOException {
    assertThat(
            pod(objects(", env: [{name: DCGM_EXPORTER_CONFIGMAP_DATA, value: '" + data + "'}]", ""))
                .getAutomountServiceAccountToken())
        .isEqualTo(token);
  }

  @Test
  @DisplayName("the Service serves gpu-metrics with the policy's type and traffic policy")
  void theServiceOnGpuMetricsWithThePolicysTypeAndTrafficPolicy() throws IOException {
    List<HasMetadata> objects =
        objects(", service: {type: NodePort, internalTrafficPolicy: Local}", "");

    Service service = ofType(objects, Service.class).getFirst();
    assertThat(service.getMetadata().getName()).isEqualTo("nvidia-dcgm-exporter");
    assertThat(service.getSpec().getType()).isEqualTo("NodePort");
    assertThat(service.getSpec().getInternalTrafficPolicy()).isEqualTo("Local");
    assertThat(service.getSpec().getPorts().getFirst().getName()).isEqualTo("gpu-metrics");
    assertThat(service.getSpec().getPorts().getFirst().getPort()).isEqualTo(9400);
    assertThat(service.getSpec().getSelector()).containsEntry("app", "nvidia-dcgm-exporter");
    assertThat(ofType(objects, GenericKubernetesResource.class)).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "{type: ExternalName}          | spec.dcgmExporter.service.type ExternalName",
        "{internalTrafficPolicy: Node} | spec.dcgmExporter.service.internalTrafficPolicy Node"
      })
  @DisplayName("a Service type that cannot front the pods is refused, naming the field")
  void aServiceTypeThatCannotFrontThePodsIsRefusedNamingTheField(String service, String message) {
    assertThatThrownBy(() -> objects(", service: " + service, ""))
        .isInstanceOf(StateRefusedException.class)
        .hasMessageStartingWith(message);
  }

  @Test
  @DisplayName("the ServiceMonitor carries the policy's scrape settings")
  @SuppressWarnings("unchecked")
  void theServiceMonitorCarriesThePolicysScrapeSettings() throws IOException {
    List<HasMetadata> objects =
        objects(
            ", serviceMonitor: {enabled: true, interval: 15s, honorLabels: false,"
                + " additionalLabels: {release: prom}, relabelings: [{action: replace,"
                + " sourceLabels: [__meta_kubernetes_pod_node_name], targetLabel: node}]}",
            "");

    GenericKubernetesResource monitor = ofType(objects, GenericKubernetesResource.class).getFirst();
    assertThat(monitor.getApiVersion()).isEqualTo("monitoring.coreos.com/v1");
    assertThat(monitor.getKind()).isEqualTo("ServiceMonitor");
    assertThat(monitor.getMetadata().getName()).isEqualTo("nvidia-dcgm-exporter");
    assertThat(monitor.getMetadata().getLabels())
        .containsEntry("app", "nvidia-dcgm-exporter")
        .containsEntry("release", "prom");
    Map<String, Object> spec = (Map<String, Object>) monitor.getAdditionalProperties().get("spec");
    Map<String, Object> endpoint = ((List<Map<String, Object>>) spec.get("endpoints")).getFirst();
    assertThat(endpoint)
        .containsEntry("port", "gpu-metrics")
        .containsEntry("path", "/metrics")
        .containsEntry("interval", "15s")
        .containsEntry("honorLabels", false);
    assertThat((List<Map<String, Object>>) endpoint.get("relabelings"))
        .singleElement()
        .satisfies(r ->
            assertThat(r)
                .containsEntry("action", "replace")
                .containsEntry("targetLabel", "node")
                .containsEntry("sourceLabels", List.of("__meta_kubernetes_pod_node_name"))
                .doesNotContainKey("regex"));
    assertThat(spec.get("namespaceSelector"))
        .isEqualTo(Map.of("matchNames", List.of("gpu-operator")));
    assertThat(objects.indexOf(monitor)).isLessThan(objects.size() - 1);
  }

  @Test
  @DisplayName(
      "without the Prometheus operator's CRD the exporter runs without its ServiceMonitor, as NVIDIA's")
  void withoutPrometheusOperatorsCrdTheExporterRunsWithoutItsServiceMonitorAsNvidias()
      throws IOException {
    ClusterPolicySpec spec =
        new ObjectMapper(new YAMLFactory())
            .readValue(
                "dcgmExporter: {enabled: true, serviceMonitor: {enabled: true}}\n",
                ClusterPolicySpec.class);
    OperandContext context =
        new OperandContext(
            "gpu-operator",
            spec,
            "gpu-dra:1",
            Map.of(),
            dev.gpudra.api.clusterpolicy.Runtime.CONTAINERD,
            new java.util.TreeSet<>(),
            false);

    assertThat(
            DcgmExporterMonitoring.serviceMonitor(
                context, java.util.Optional.ofNullable(spec.dcgmExporter())))
        .isEmpty();
  }

  @Test
  @DisplayName("annotations and pod labels go on the pods but never replace app")
  void annotationsAndPodLabelsGoOnThePodsButNeverReplaceApp() throws IOException {
    DaemonSet ds =
        daemonSet(
            objects(
                ", annotations: {a: '1'}, podAnnotations: {b: '2'},"
                    + " podLabels: {team: ml, app: other}",
                ""));

    assertThat(ds.getSpec().getTemplate().getMetadata().getAnnotations())
        .containsEntry("a", "1")
        .containsEntry("b", "2");
    assertThat(ds.getSpec().getTemplate().getMetadata().getLabels())
        .containsEntry("team", "ml")
        .containsEntry("app", "nvidia-dcgm-exporter");
  }

  @Test
  @DisplayName("the operator's image variable applies when the policy names none")
  void theOperatorsImageVariableWhenThePolicyNamesNone() throws IOException {
    OperandContext context =
        new OperandContext(
            "gpu-operator",
            spec(IMAGES),
            "x",
            Map.of("DCGM_EXPORTER_IMAGE", "registry.local/exporter:1"));

    assertThat(pod(DcgmExporterDaemonSet.objects(context)).getContainers().getFirst().getImage())
        .isEqualTo("registry.local/exporter:1");
    assertThatThrownBy(() ->
            DcgmExporterDaemonSet.objects(new OperandContext("gpu-operator", spec(IMAGES), "x")))
        .isInstanceOf(MissingImageException.class)
        .hasMessage(
            "no image for spec.dcgmExporter: set its repository, image and version, or"
                + " DCGM_EXPORTER_IMAGE in the operator's environment");
  }
}
