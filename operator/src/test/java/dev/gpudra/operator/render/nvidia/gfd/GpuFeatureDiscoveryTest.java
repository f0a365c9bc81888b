package dev.gpudra.operator.render.nvidia.gfd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.api.clusterpolicy.Runtime;
import dev.gpudra.operator.render.MissingImageException;
import dev.gpudra.operator.render.OperandContext;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.Role;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class GpuFeatureDiscoveryTest {
  private static final Map<String, String> IMAGES =
      Map.of(
          "VALIDATOR_IMAGE", "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v26.7.0",
          "GFD_IMAGE", "nvcr.io/nvidia/k8s-device-plugin:v0.20.0",
          "DEVICE_PLUGIN_IMAGE", "nvcr.io/nvidia/k8s-device-plugin:v0.20.0");

  private static ClusterPolicySpec spec(String yaml) throws IOException {
    return new ObjectMapper(new YAMLFactory()).readValue(yaml, ClusterPolicySpec.class);
  }

  private static DaemonSet daemonSet(List<HasMetadata> objects) {
    return (DaemonSet) objects.getLast();
  }

  private static Container container(PodSpec pod, String name) {
    return pod.getContainers().stream().filter(c -> c.getName().equals(name)).findFirst().get();
  }

  private static String env(Container c, String name) {
    return c.getEnv().stream()
        .filter(e -> e.getName().equals(name))
        .map(EnvVar::getValue)
        .findFirst()
        .orElse(null);
  }

  @Test
  @DisplayName("GFD's image runs on its deploy label after toolkit-ready, with NVIDIA's settings")
  void gfdImageOnItsDeployLabelAfterToolkitReadyWithNvidiaSettings() throws IOException {
    ClusterPolicySpec spec =
        spec(
            "gfd: {repository: nvcr.io/nvidia, image: k8s-device-plugin, version: v0.20.0,"
                + " env: [{name: GFD_SLEEP_INTERVAL, value: 30s}, {name: MIG_STRATEGY, value: none}],"
                + " imagePullPolicy: Always}\n"
                + "mig: {strategy: mixed}\n");

    List<HasMetadata> objects =
        GpuFeatureDiscovery.objects(new OperandContext("gpu-operator", spec, "x", IMAGES));

    DaemonSet ds = daemonSet(objects);
    PodSpec pod = ds.getSpec().getTemplate().getSpec();
    Container main = container(pod, "gpu-feature-discovery");
    assertThat(ds.getMetadata().getName()).isEqualTo("gpu-feature-discovery");
    assertThat(pod.getNodeSelector())
        .containsExactly(Map.entry("nvidia.com/gpu.deploy.gpu-feature-discovery", "true"));
    assertThat(pod.getServiceAccountName()).isEqualTo("nvidia-gpu-feature-discovery");
    assertThat(pod.getRuntimeClassName()).isEqualTo("nvidia");
    assertThat(main.getImage()).isEqualTo("nvcr.io/nvidia/k8s-device-plugin:v0.20.0");
    assertThat(main.getImagePullPolicy()).isEqualTo("Always");
    assertThat(main.getCommand()).containsExactly("gpu-feature-discovery");
    assertThat(env(main, "GFD_SLEEP_INTERVAL")).isEqualTo("30s");
    assertThat(env(main, "GFD_FAIL_ON_INIT_ERROR")).isEqualTo("true");
    assertThat(env(main, "MIG_STRATEGY")).as("spec.mig wins over env").isEqualTo("mixed");
    assertThat(env(main, "NVIDIA_MIG_MONITOR_DEVICES")).isEqualTo("all");
    assertThat(env(main, "CONFIG_FILE")).isNull();
    assertThat(pod.getInitContainers())
        .singleElement()
        .satisfies(init -> {
          assertThat(init.getName()).isEqualTo("toolkit-validation");
          assertThat(init.getImage()).isEqualTo(IMAGES.get("VALIDATOR_IMAGE"));
          assertThat(init.getArgs().getFirst()).contains("/run/nvidia/validations/toolkit-ready");
        });
    assertThat(pod.getVolumes())
        .anySatisfy(v -> {
          assertThat(v.getName()).isEqualTo("output-dir");
          assertThat(v.getHostPath().getPath())
              .isEqualTo("/etc/kubernetes/node-feature-discovery/features.d");
        })
        .anySatisfy(v -> assertThat(v.getHostPath().getPath()).isEqualTo("/sys"));
    assertThat(pod.getShareProcessNamespace()).isNull();
    assertThat(ds.getMetadata().getLabels())
        .containsEntry("app.kubernetes.io/part-of", "nvidia-gpu");
  }

  @Test
  @DisplayName("GFD's RBAC writes NodeFeatures in the namespace and reads nodes, without wildcards")
  void rbacWritesNodeFeaturesInTheNamespaceAndReadsNodesWithoutWildcards() throws IOException {
    List<HasMetadata> objects =
        GpuFeatureDiscovery.objects(
            new OperandContext("gpu-operator", spec("gfd: {}\n"), "x", IMAGES));

    assertThat(objects)
        .filteredOn(Role.class::isInstance)
        .singleElement()
        .satisfies(r -> {
          var rule = ((Role) r).getRules().getFirst();
          assertThat(r.getMetadata().getNamespace()).isEqualTo("gpu-operator");
          assertThat(rule.getApiGroups()).containsExactly("nfd.k8s-sigs.io");
          assertThat(rule.getResources()).containsExactly("nodefeatures");
          assertThat(rule.getVerbs()).contains("create", "update").doesNotContain("*");
        });
    assertThat(objects)
        .filteredOn(ClusterRole.class::isInstance)
        .singleElement()
        .satisfies(r ->
            assertThat(((ClusterRole) r).getRules())
                .flatExtracting(rule -> rule.getVerbs())
                .doesNotContain("*"));
    DaemonSet ds = daemonSet(objects);
    assertThat(
            env(
                container(ds.getSpec().getTemplate().getSpec(), "gpu-feature-discovery"),
                "NVIDIA_MIG_MONITOR_DEVICES"))
        .as("no strategy: the binary decides")
        .isEqualTo("all");
  }

  @Test
  @DisplayName("a device plugin config adds the config manager from the device plugin's image")
  void devicePluginConfigAddsTheConfigManagerFromTheDevicePluginImage() throws IOException {
    ClusterPolicySpec spec =
        spec(
            "gfd: {}\n"
                + "devicePlugin: {repository: registry.local, image: k8s-device-plugin,"
                + " version: v0.20.0, imagePullPolicy: Never,"
                + " config: {name: time-slicing, default: any}}\n");

    PodSpec pod =
        daemonSet(
                GpuFeatureDiscovery.objects(new OperandContext("gpu-operator", spec, "x", IMAGES)))
            .getSpec()
            .getTemplate()
            .getSpec();

    Container main = container(pod, "gpu-feature-discovery");
    Container sidecar = container(pod, "config-manager");
    Container init = pod.getInitContainers().getLast();
    assertThat(env(main, "CONFIG_FILE")).isEqualTo("/config/config.yaml");
    assertThat(main.getVolumeMounts())
        .extracting(m -> m.getName() + ":" + m.getMountPath())
        .contains("config:/config", "time-slicing:/available-configs");
    assertThat(init.getName()).isEqualTo("config-manager-init");
    assertThat(env(init, "ONESHOT")).isEqualTo("true");
    assertThat(env(init, "DEFAULT_CONFIG")).isEqualTo("any");
    assertThat(env(init, "FALLBACK_STRATEGIES")).isEqualTo("empty");
    assertThat(sidecar.getImage()).isEqualTo("registry.local/k8s-device-plugin:v0.20.0");
    assertThat(sidecar.getImagePullPolicy()).isEqualTo("Never");
    assertThat(env(sidecar, "NODE_LABEL")).isEqualTo("nvidia.com/device-plugin.config");
    assertThat(env(sidecar, "SIGNAL")).isEqualTo("1");
    assertThat(env(sidecar, "PROCESS_TO_SIGNAL")).isEqualTo("gpu-feature-discovery");
    assertThat(pod.getShareProcessNamespace()).isTrue();
    assertThat(pod.getVolumes())
        .filteredOn(v -> v.getConfigMap() != null)
        .extracting(v -> v.getName() + ":" + v.getConfigMap().getName())
        .containsExactly("time-slicing:time-slicing");
    assertThat(pod.getVolumes())
        .filteredOn(v -> v.getEmptyDir() != null)
        .extracting(v -> v.getName())
        .containsExactly("config");
  }

  @Test
  @DisplayName("CRI-O without CDI has no RuntimeClass, and the NRI plugin annotates instead")
  void crioWithoutCdiHasNoRuntimeClassAndTheNriPluginAnnotatesInstead() throws IOException {
    DaemonSet crio =
        daemonSet(
            GpuFeatureDiscovery.objects(
                new OperandContext(
                    "gpu-operator",
                    spec("gfd: {}\ncdi: {enabled: false}\n"),
                    "x",
                    IMAGES,
                    Runtime.CRIO)));
    DaemonSet nri =
        daemonSet(
            GpuFeatureDiscovery.objects(
                new OperandContext(
                    "gpu-operator",
                    spec("gfd: {}\ncdi: {enabled: true, nriPluginEnabled: true}\n"),
                    "x",
                    IMAGES)));

    assertThat(crio.getSpec().getTemplate().getSpec().getRuntimeClassName()).isNull();
    assertThat(nri.getSpec().getTemplate().getSpec().getRuntimeClassName()).isNull();
    assertThat(nri.getSpec().getTemplate().getMetadata().getAnnotations())
        .containsEntry(
            "nvidia.cdi.k8s.io/container.gpu-feature-discovery", "management.nvidia.com/gpu=all");
  }

  @Test
  @DisplayName("no image anywhere is refused, naming GFD and its variable")
  void noImageAnywhereIsRefusedNamingGfdAndItsVariable() throws IOException {
    OperandContext context = new OperandContext("gpu-operator", spec("gfd: {}\n"), "x");

    assertThatThrownBy(() -> GpuFeatureDiscovery.objects(context))
        .isInstanceOf(MissingImageException.class)
        .hasMessageContaining("spec.gfd")
        .hasMessageContaining("GFD_IMAGE");
  }
}
