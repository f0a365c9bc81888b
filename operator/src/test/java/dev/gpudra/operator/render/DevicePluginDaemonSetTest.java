package dev.gpudra.operator.render;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class DevicePluginDaemonSetTest {
  private static final String IMAGE = "registry.local/gpu-dra:0.1.0";

  private static DaemonSet render(String yaml) throws IOException {
    ClusterPolicySpec spec =
        new ObjectMapper(new YAMLFactory()).readValue(yaml, ClusterPolicySpec.class);
    return DevicePluginDaemonSet.render(new OperandContext("gpu-operator", spec, IMAGE));
  }

  private static Map<String, String> env(DaemonSet ds) {
    return container(ds).getEnv().stream()
        .filter(e -> e.getValue() != null)
        .collect(Collectors.toMap(EnvVar::getName, EnvVar::getValue));
  }

  private static Container container(DaemonSet ds) {
    return ds.getSpec().getTemplate().getSpec().getContainers().getFirst();
  }

  @Test
  @DisplayName("NVIDIA's names, selector and common settings, with our plugin")
  void nvidiasNamesSelectorAndCommonSettingsWithOurPlugin() throws IOException {
    DaemonSet ds =
        render(
            "daemonsets:\n  priorityClassName: system-node-critical\n  tolerations:\n"
                + "  - {key: nvidia.com/gpu, operator: Exists, effect: NoSchedule}\n"
                + "  labels: {team: gpu}\n  rollingUpdate: {maxUnavailable: \"1\"}\n"
                + "devicePlugin:\n  repository: nvcr.io/nvidia\n  image: k8s-device-plugin\n"
                + "  version: v0.19.3\n  imagePullPolicy: Always\n");

    assertThat(ds.getMetadata().getName()).isEqualTo("nvidia-device-plugin-daemonset");
    assertThat(ds.getMetadata().getNamespace()).isEqualTo("gpu-operator");
    assertThat(ds.getSpec().getTemplate().getMetadata().getLabels())
        .containsEntry("app", "nvidia-device-plugin-daemonset")
        .containsEntry("team", "gpu");
    assertThat(ds.getSpec().getTemplate().getSpec().getNodeSelector())
        .containsExactlyEntriesOf(Map.of("nvidia.com/gpu.deploy.device-plugin", "true"));
    assertThat(ds.getSpec().getTemplate().getSpec().getPriorityClassName())
        .isEqualTo("system-node-critical");
    assertThat(ds.getSpec().getTemplate().getSpec().getTolerations())
        .singleElement()
        .satisfies(t -> assertThat(t.getKey()).isEqualTo("nvidia.com/gpu"));
    assertThat(ds.getSpec().getUpdateStrategy().getRollingUpdate().getMaxUnavailable().getIntVal())
        .isEqualTo(1);
    assertThat(container(ds).getImage()).as("ours replaces NVIDIA's plugin").isEqualTo(IMAGE);
    assertThat(ds.getSpec().getTemplate().getSpec().getInitContainers())
        .as("NVIDIA's protocol: the plugin starts once the validator wrote toolkit-ready")
        .singleElement()
        .satisfies(c -> {
          assertThat(c.getName()).isEqualTo("toolkit-validation");
          assertThat(c.getImage()).isEqualTo(IMAGE);
          assertThat(c.getImagePullPolicy()).isEqualTo("Always");
          assertThat(c.getArgs().getFirst())
              .contains("[ -f /run/nvidia/validations/toolkit-ready ]");
        });
    assertThat(container(ds).getImagePullPolicy()).isEqualTo("Always");
    assertThat(container(ds).getArgs()).containsExactly("device-plugin");
  }

  @Test
  @DisplayName(
      "the environment NVIDIA's operator gives its plugin comes first, then the component's own")
  void theEnvironmentNvidiasOperatorGivesItsPluginThenTheComponentsOwn() throws IOException {
    Map<String, String> cdi =
        env(
            render(
                "mig: {strategy: mixed}\ndevicePlugin:\n  config: {name: plugin-configs, default:"
                    + " any}\n  env:\n  - {name: FAIL_ON_INIT_ERROR, value: \"false\"}\n"
                    + "  - {name: SIMULATED_GPUS, value: dgx-h100}\n"));
    Map<String, String> plain = env(render("cdi: {enabled: false}\ndriver: {enabled: false}\n"));

    assertThat(cdi)
        .containsEntry("DEVICE_LIST_STRATEGY", "cdi-annotations,cdi-cri")
        .containsEntry("CDI_ANNOTATION_PREFIX", "cdi.k8s.io/")
        .containsEntry("MIG_STRATEGY", "mixed")
        .containsEntry("PASS_DEVICE_SPECS", "true")
        .containsEntry("FAIL_ON_INIT_ERROR", "false")
        .containsEntry("SIMULATED_GPUS", "dgx-h100")
        .containsEntry("CONFIG_FILE_SRCDIR", "/available-configs")
        .containsEntry("DEFAULT_CONFIG", "any")
        .containsEntry("MPS_ROOT", "/run/nvidia/mps")
        .containsEntry("NVIDIA_DRIVER_ROOT", "/run/nvidia/driver")
        .containsEntry("CDI_ROOT", "/var/run/cdi")
        .containsEntry("NVIDIA_CDI_HOOK_PATH", "/usr/local/nvidia/toolkit/nvidia-cdi-hook");
    assertThat(plain)
        .containsEntry("DEVICE_LIST_STRATEGY", "envvar")
        .containsEntry("NVIDIA_DRIVER_ROOT", "/")
        .doesNotContainKeys("MIG_STRATEGY", "CONFIG_FILE_SRCDIR", "NVIDIA_CDI_HOOK_PATH");
  }

  @Test
  @DisplayName("a driver from NVIDIADriver resources is in the install directory")
  void aDriverFromNvidiaDriverResourcesIsInTheInstallDirectory() throws IOException {
    Map<String, String> env =
        env(
            render(
                "driver: {useNvidiaDriverCRD: true}\n"
                    + "hostPaths: {rootFS: /host, driverInstallDir: /opt/nvidia/driver}\n"));

    assertThat(env).containsEntry("NVIDIA_DRIVER_ROOT", "/opt/nvidia/driver");
  }

  @Test
  @DisplayName("the host's CDI directory and the toolkit's hook are as the policy says")
  void theHostsCdiDirectoryAndTheToolkitsHookAsThePolicySays() throws IOException {
    DaemonSet ds =
        render(
            "toolkit: {enabled: false, installDir: /opt/nvidia}\n"
                + "hostPaths: {cdiRoot: /etc/cdi, kubeletRootDir: /data/kubelet}\n");

    assertThat(env(ds))
        .containsEntry("CDI_ROOT", "/etc/cdi")
        .containsEntry("NVIDIA_CDI_HOOK_PATH", "/opt/nvidia/toolkit/nvidia-cdi-hook")
        .as("the device manager's directory does not follow the kubelet's root")
        .containsEntry("KUBELET_SOCKET", "/var/lib/kubelet/device-plugins/kubelet.sock");
    assertThat(ds.getSpec().getTemplate().getSpec().getVolumes())
        .filteredOn(v -> v.getName().equals("cdi"))
        .singleElement()
        .satisfies(v -> assertThat(v.getHostPath().getPath()).isEqualTo("/etc/cdi"));
    assertThat(container(ds).getVolumeMounts())
        .filteredOn(m -> m.getName().equals("cdi"))
        .singleElement()
        .satisfies(m -> assertThat(m.getMountPath()).isEqualTo("/etc/cdi"));
  }

  @Test
  @DisplayName("the DaemonSet's hash changes with the policy only")
  void theHashChangesWithThePolicyOnly() throws IOException {
    LastAppliedHash hashes = new LastAppliedHash();
    DaemonSet first = hashes.stamp(render("devicePlugin: {enabled: true}\n"));
    DaemonSet again = hashes.stamp(render("devicePlugin: {enabled: true}\n"));
    DaemonSet changed = hashes.stamp(render("mig: {strategy: single}\n"));

    assertThat(hashes.needsWrite(Optional.of(first), again)).isFalse();
    assertThat(hashes.needsWrite(Optional.of(first), changed)).isTrue();
    assertThat(hashes.needsWrite(Optional.empty(), again)).isTrue();
  }

  @Test
  @DisplayName("the component's args follow our subcommand, and its host network applies")
  void theComponentsArgsFollowOurSubcommandAndItsHostNetworkApplies() throws IOException {
    DaemonSet ds =
        render("devicePlugin:\n  args: [\"--fail-on-init-error=false\"]\n  hostNetwork: true\n");

    assertThat(container(ds).getArgs())
        .containsExactly("device-plugin", "--fail-on-init-error=false");
    assertThat(ds.getSpec().getTemplate().getSpec().getHostNetwork()).isTrue();
    assertThat(ds.getSpec().getTemplate().getSpec().getDnsPolicy())
        .isEqualTo("ClusterFirstWithHostNet");
  }
}
