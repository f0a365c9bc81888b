package dev.gpudra.operator.render;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import java.io.IOException;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class MpsControlDaemonSetTest {
  @Test
  @DisplayName(
      "the MPS control daemon runs on MPS-capable device-plugin nodes, shm mount first, with the plugin's configs")
  void onMpsCapableDevicePluginNodesWithTheShmMountFirstAndThePluginsConfigs() throws IOException {
    ClusterPolicySpec spec =
        new ObjectMapper(new YAMLFactory())
            .readValue(
                "devicePlugin:\n  config: {name: plugin-configs, default: mps}\n"
                    + "  mps: {root: /run/nvidia/mps}\n",
                ClusterPolicySpec.class);

    DaemonSet ds =
        MpsControlDaemonSet.render(new OperandContext("gpu-operator", spec, "gpu-dra:1"));

    var pod = ds.getSpec().getTemplate().getSpec();
    assertThat(ds.getMetadata().getName()).isEqualTo("nvidia-device-plugin-mps-control-daemon");
    assertThat(pod.getNodeSelector())
        .containsEntry("nvidia.com/gpu.deploy.device-plugin", "true")
        .containsEntry("nvidia.com/mps.capable", "true");
    assertThat(pod.getInitContainers())
        .extracting(c -> c.getName())
        .containsExactly("toolkit-validation", "mps-control-daemon-mounts");
    assertThat(pod.getInitContainers().getFirst().getArgs().getFirst())
        .contains("/run/nvidia/validations/toolkit-ready");
    assertThat(pod.getInitContainers().getLast().getArgs())
        .containsExactly("device-plugin-mps-control-daemon", "mount-shm");
    assertThat(pod.getContainers().getFirst().getEnv())
        .extracting(EnvVar::getName)
        .contains("MPS_ROOT", "CONFIG_FILE_SRCDIR", "DEFAULT_CONFIG")
        .doesNotContain("KUBELET_SOCKET");
    assertThat(pod.getVolumes())
        .filteredOn(v -> v.getName().equals("mps-shm"))
        .singleElement()
        .satisfies(v -> assertThat(v.getHostPath().getPath()).isEqualTo("/run/nvidia/mps/shm"));
  }
}
