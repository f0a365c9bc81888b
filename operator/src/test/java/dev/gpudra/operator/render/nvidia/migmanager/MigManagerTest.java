package dev.gpudra.operator.render.nvidia.migmanager;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.operator.render.OperandContext;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.Role;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class MigManagerTest {
  private static final Map<String, String> IMAGES =
      Map.of(
          "VALIDATOR_IMAGE", "registry.local/validator:1",
          "MIG_MANAGER_IMAGE", "registry.local/k8s-mig-manager:v0.15.0");

  private static ClusterPolicySpec spec(String yaml) throws IOException {
    return new ObjectMapper(new YAMLFactory()).readValue(yaml, ClusterPolicySpec.class);
  }

  private static List<HasMetadata> objects(String yaml) throws IOException {
    return MigManager.objects(new OperandContext("gpu-operator", spec(yaml), "x", IMAGES));
  }

  private static String env(Container c, String name) {
    return c.getEnv().stream()
        .filter(e -> e.getName().equals(name))
        .map(EnvVar::getValue)
        .findFirst()
        .orElse(null);
  }

  private static Volume volume(PodSpec pod, String name) {
    return pod.getVolumes().stream().filter(v -> v.getName().equals(name)).findFirst().get();
  }

  @Test
  @DisplayName(
      "the MIG manager runs on its deploy label and reads the named layouts after toolkit-ready")
  void migManagerOnItsDeployLabelReadsTheNamedLayoutsAfterToolkitReady() throws IOException {
    List<HasMetadata> objects =
        objects(
            "migManager: {repository: nvcr.io/nvidia/cloud-native, image: k8s-mig-manager,"
                + " version: v0.15.0, env: [{name: WITH_REBOOT, value: 'true'}],"
                + " config: {name: my-layouts}, gpuClientsConfig: {name: my-clients}}\n");

    DaemonSet ds = (DaemonSet) objects.getLast();
    PodSpec pod = ds.getSpec().getTemplate().getSpec();
    Container main = pod.getContainers().getFirst();
    assertThat(ds.getMetadata().getName()).isEqualTo("nvidia-mig-manager");
    assertThat(pod.getNodeSelector())
        .containsExactly(Map.entry("nvidia.com/gpu.deploy.mig-manager", "true"));
    assertThat(pod.getServiceAccountName()).isEqualTo("nvidia-mig-manager");
    assertThat(pod.getRuntimeClassName()).isEqualTo("nvidia");
    assertThat(main.getImage()).isEqualTo("nvcr.io/nvidia/cloud-native/k8s-mig-manager:v0.15.0");
    assertThat(main.getArgs()).containsExactly("/bin/entrypoint.sh");
    assertThat(env(main, "CONFIG_FILE")).isEqualTo("/mig-parted-config/config.yaml");
    assertThat(env(main, "DEFAULT_CONFIG_FILE")).isNull();
    assertThat(env(main, "GPU_CLIENTS_FILE")).isEqualTo("/gpu-clients/clients.yaml");
    assertThat(env(main, "WITH_REBOOT")).isEqualTo("true");
    assertThat(env(main, "CDI_ENABLED")).isEqualTo("true");
    assertThat(env(main, "NVIDIA_CDI_HOOK_PATH"))
        .isEqualTo("/usr/local/nvidia/toolkit/nvidia-cdi-hook");
    assertThat(main.getEnv())
        .filteredOn(e -> e.getName().equals("DEFAULT_GPU_CLIENTS_NAMESPACE"))
        .singleElement()
        .satisfies(e ->
            assertThat(e.getValueFrom().getFieldRef().getFieldPath())
                .isEqualTo("metadata.namespace"));
    assertThat(volume(pod, "mig-parted-config").getConfigMap().getName()).isEqualTo("my-layouts");
    assertThat(volume(pod, "mig-parted-config").getConfigMap().getItems()).isEmpty();
    assertThat(objects)
        .filteredOn(o -> o.getMetadata().getName().equals("default-mig-parted-config"))
        .isEmpty();
    assertThat(volume(pod, "gpu-clients").getConfigMap().getName()).isEqualTo("my-clients");
    assertThat(volume(pod, "host-sys").getHostPath().getPath()).isEqualTo("/sys");
    assertThat(volume(pod, "host-root").getHostPath().getPath()).isEqualTo("/");
    assertThat(volume(pod, "driver-install-dir").getHostPath().getPath())
        .isEqualTo("/run/nvidia/driver");
    assertThat(pod.getInitContainers())
        .singleElement()
        .satisfies(init -> {
          assertThat(init.getImage()).isEqualTo("registry.local/validator:1");
          assertThat(init.getArgs().getFirst()).contains("validations/toolkit-ready");
        });
  }

  @Test
  @DisplayName("NVIDIA's GPU clients, and an entrypoint that waits for driver-ready")
  void nvidiasGpuClientsAndAnEntrypointThatWaitsForDriverReady() throws IOException {
    List<HasMetadata> objects = objects("migManager: {config: {name: my-layouts}}\n");

    PodSpec pod = ((DaemonSet) objects.getLast()).getSpec().getTemplate().getSpec();
    assertThat(volume(pod, "gpu-clients").getConfigMap().getName())
        .isEqualTo("default-gpu-clients");
    assertThat(pod.getContainers().getFirst().getImage())
        .isEqualTo("registry.local/k8s-mig-manager:v0.15.0");
    assertThat(objects)
        .filteredOn(ConfigMap.class::isInstance)
        .map(ConfigMap.class::cast)
        .satisfiesExactly(
            clients -> {
              assertThat(clients.getMetadata().getName()).isEqualTo("default-gpu-clients");
              assertThat(clients.getData().get("clients.yaml"))
                  .contains("version: v1", "- nvidia-dcgm.service", "- nvsm.service");
            },
            entrypoint -> {
              assertThat(entrypoint.getMetadata().getName())
                  .isEqualTo("nvidia-mig-manager-entrypoint");
              assertThat(entrypoint.getData().get("entrypoint.sh"))
                  .contains(
                      "/run/nvidia/validations/driver-ready",
                      "WITH_SHUTDOWN_HOST_GPU_CLIENTS=\"${IS_HOST_DRIVER}\"",
                      "exec nvidia-mig-manager");
            });
  }

  @Test
  @DisplayName("the MIG manager's RBAC labels nodes and deletes pods here, without wildcards")
  void rbacLabelsNodesAndDeletesPodsHereWithoutWildcards() throws IOException {
    List<HasMetadata> objects = objects("migManager: {config: {name: l}}\ncdi: {enabled: false}\n");

    assertThat(objects)
        .filteredOn(ClusterRole.class::isInstance)
        .singleElement()
        .satisfies(r -> {
          var rule = ((ClusterRole) r).getRules().getFirst();
          assertThat(rule.getResources()).containsExactly("nodes");
          assertThat(rule.getVerbs()).contains("patch", "update").doesNotContain("*");
        });
    assertThat(objects)
        .filteredOn(Role.class::isInstance)
        .singleElement()
        .satisfies(r -> {
          var rule = ((Role) r).getRules().getFirst();
          assertThat(rule.getResources()).containsExactly("pods");
          assertThat(rule.getVerbs()).contains("delete").doesNotContain("*");
        });
    Container main =
        ((DaemonSet) objects.getLast())
            .getSpec()
            .getTemplate()
            .getSpec()
            .getContainers()
            .getFirst();
    assertThat(env(main, "CDI_ENABLED")).isNull();
  }

  @Test
  @DisplayName("with no layouts named the manager generates them, falling back to NVIDIA's default")
  void withNoLayoutsNamedTheManagerGeneratesThemAndFallsBackToNvidiasDefault() throws IOException {
    for (String yaml :
        List.of(
            "migManager: {enabled: true}\n",
            "migManager: {config: {name: ''}}\n",
            "migManager: {config: {name: default-mig-parted-config, default: all-disabled}}\n")) {
      List<HasMetadata> objects = objects(yaml);

      PodSpec pod = ((DaemonSet) objects.getLast()).getSpec().getTemplate().getSpec();
      Container main = pod.getContainers().getFirst();
      assertThat(env(main, "CONFIG_FILE")).as(yaml).isNull();
      assertThat(env(main, "DEFAULT_CONFIG_FILE"))
          .isEqualTo("/mig-parted-config/config-default.yaml");
      assertThat(main.getEnv())
          .filteredOn(e -> e.getName().startsWith("POD_"))
          .extracting(e -> e.getName() + "=" + e.getValueFrom().getFieldRef().getFieldPath())
          .containsExactly("POD_NAME=metadata.name", "POD_NAMESPACE=metadata.namespace");
      var layouts = volume(pod, "mig-parted-config").getConfigMap();
      assertThat(layouts.getName()).isEqualTo("default-mig-parted-config");
      assertThat(layouts.getItems())
          .singleElement()
          .satisfies(item -> {
            assertThat(item.getKey()).isEqualTo("config.yaml");
            assertThat(item.getPath()).isEqualTo("config-default.yaml");
          });
      assertThat(main.getVolumeMounts())
          .filteredOn(m -> m.getName().equals("mig-parted-config"))
          .singleElement()
          .satisfies(m -> assertThat(m.getMountPath()).isEqualTo("/mig-parted-config"));
      assertThat(objects)
          .filteredOn(ConfigMap.class::isInstance)
          .map(ConfigMap.class::cast)
          .filteredOn(c -> c.getMetadata().getName().equals("default-mig-parted-config"))
          .singleElement()
          .satisfies(c -> {
            assertThat(c.getMetadata().getNamespace()).isEqualTo("gpu-operator");
            assertThat(c.getData()).containsOnlyKeys("config.yaml");
            assertThat(c.getData().get("config.yaml"))
                .startsWith("version: v1\nmig-configs:\n")
                .contains("all-balanced:");
          });
    }
  }

  @Test
  @DisplayName("the manager may write its node's generated layouts here")
  void theManagerMayWriteItsNodesGeneratedLayoutsHere() throws IOException {
    List<HasMetadata> objects = objects("migManager: {enabled: true}\n");

    assertThat(objects)
        .filteredOn(Role.class::isInstance)
        .singleElement()
        .satisfies(r ->
            assertThat(((Role) r).getRules())
                .filteredOn(rule -> rule.getResources().contains("configmaps"))
                .singleElement()
                .satisfies(rule -> {
                  assertThat(rule.getApiGroups()).containsExactly("");
                  assertThat(rule.getVerbs()).containsExactly("get", "create", "update");
                }));
  }
}
