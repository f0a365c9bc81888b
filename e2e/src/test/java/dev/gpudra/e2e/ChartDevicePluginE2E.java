package dev.gpudra.e2e;

import static dev.gpudra.e2e.ChartHarness.env;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.realcluster.node.Helm;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The classic device plugin of our Helm chart ({@code devicePlugin.*}, NVIDIA's device-plugin
 * chart's keys) rendered by a real helm: its DaemonSet's environment, named configs, the MPS
 * daemons, and the values it refuses. The real-node suites run it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ChartDevicePluginE2E {
  private static final String NS = "gpu-dra";

  private ChartHarness harness;
  private Helm helm;
  private Path chart;

  @BeforeAll
  void start(@TempDir Path dir) throws InterruptedException {
    harness = ChartHarness.start(dir);
    helm = harness.helm();
    chart = harness.chart();
  }

  @AfterAll
  void stop() {
    if (harness != null) {
      harness.close();
    }
  }

  @Test
  @DisplayName(
      "devicePlugin: NVIDIA's device-plugin values render the DaemonSet's env (unset ones left to"
          + " the plugin's defaults), named configs mounted for the node label to choose")
  void devicePluginValues() {
    String rendered =
        helm.run(
            "template",
            "gpu-dra",
            chart.toString(),
            "--namespace",
            NS,
            "--kube-version",
            "1.35.0",
            "--show-only",
            "templates/deviceplugin.yaml",
            "--set",
            "devicePlugin.enabled=true",
            "--set",
            "resources.gpus.enabled=false",
            "--set",
            "devicePlugin.failOnInitError=false",
            "--set",
            "devicePlugin.deviceListStrategy={cdi-annotations,cdi-cri}",
            "--set",
            "devicePlugin.compatWithCPUManager=true",
            "--set",
            "devicePlugin.config.map.only=version: v1");
    DaemonSet ds = Serialization.unmarshal(rendered, DaemonSet.class);
    var container = ds.getSpec().getTemplate().getSpec().getContainers().getFirst();
    assertThat(container.getArgs()).containsExactly("device-plugin");
    assertThat(env(container.getEnv()))
        .containsEntry("FAIL_ON_INIT_ERROR", "false")
        .containsEntry("DEVICE_LIST_STRATEGY", "cdi-annotations,cdi-cri")
        .containsEntry("PASS_DEVICE_SPECS", "true")
        .containsEntry("CONFIG_FILE_SRCDIR", "/available-configs")
        .containsEntry("FALLBACK_STRATEGIES", "named,single")
        .containsEntry("KUBELET_SOCKET", "/var/lib/kubelet/device-plugins/kubelet.sock")
        .doesNotContainKeys("MIG_STRATEGY", "DEVICE_ID_STRATEGY", "GDS_ENABLED");
  }

  @Test
  @DisplayName("devicePlugin: values the plugin cannot honour fail the install with their key")
  void devicePluginValuesRefused() {
    assertThatThrownBy(() ->
            helm.run(
                "template",
                "gpu-dra",
                chart.toString(),
                "--namespace",
                NS,
                "--kube-version",
                "1.35.0",
                "--set",
                "gpuResourcesEnabledOverride=true,devicePlugin.enabled=true"))
        .hasMessageContaining(
            "devicePlugin.enabled with resources.gpus.enabled: both plugins would advertise the"
                + " same GPUs");
    assertThatThrownBy(() ->
            helm.run(
                "template",
                "gpu-dra",
                chart.toString(),
                "--namespace",
                NS,
                "--kube-version",
                "1.35.0",
                "--set",
                "devicePlugin.enabled=true,resources.gpus.enabled=false",
                "--set",
                "devicePlugin.config.map.a=x,devicePlugin.config.default=b"))
        .hasMessageContaining("devicePlugin.config.default \"b\" is not a key of");
  }

  @Test
  @DisplayName(
      "devicePlugin: the MPS daemon DaemonSet runs NVIDIA's mps-control-daemon steps (mount-shm,"
          + " then the daemons) with the plugin's env and MPS root, on nodes labelled"
          + " nvidia.com/mps.capable=true among the plugin's")
  void devicePluginMpsDaemonSet() {
    String rendered =
        helm.run(
            "template",
            "gpu-dra",
            chart.toString(),
            "--namespace",
            NS,
            "--kube-version",
            "1.35.0",
            "--show-only",
            "templates/deviceplugin-mps.yaml",
            "--set",
            "devicePlugin.enabled=true,resources.gpus.enabled=false",
            "--set",
            "devicePlugin.migStrategy=single,devicePlugin.nodeSelector.pool=a",
            "--set",
            "devicePlugin.mps.root=/var/run/mps");
    DaemonSet ds = Serialization.unmarshal(rendered, DaemonSet.class);
    var pod = ds.getSpec().getTemplate().getSpec();
    assertThat(pod.getNodeSelector())
        .containsExactlyInAnyOrderEntriesOf(Map.of("nvidia.com/mps.capable", "true", "pool", "a"));
    var init = pod.getInitContainers().getFirst();
    assertThat(init.getArgs()).containsExactly("device-plugin-mps-control-daemon", "mount-shm");
    assertThat(init.getVolumeMounts().getFirst().getMountPropagation()).isEqualTo("Bidirectional");
    var daemon = pod.getContainers().getFirst();
    assertThat(daemon.getArgs()).containsExactly("device-plugin-mps-control-daemon");
    assertThat(env(daemon.getEnv()))
        .containsEntry("MIG_STRATEGY", "single")
        .containsEntry("MPS_ROOT", "/var/run/mps")
        .containsEntry("CONTAINER_DRIVER_ROOT", "/driver-root");
    assertThat(pod.getVolumes())
        .anySatisfy(v -> assertThat(v.getHostPath().getPath()).isEqualTo("/var/run/mps/shm"));
  }
}
