package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.gpudra.deviceclasses.model.DeviceClassFactory;
import dev.gpudra.deviceclasses.model.DeviceClassOptions;
import dev.gpudra.deviceclasses.model.DriverKind;
import dev.gpudra.localcluster.controlplane.ControlPlaneProcess;
import dev.gpudra.localcluster.node.Helm;
import dev.gpudra.localcluster.node.RealNodeUnavailableException;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Our Helm chart, installed with a real helm into a real API server, as a user installs it: every
 * object passes the API server's validation and admission, the DeviceClasses are exactly our
 * model's, the DaemonSet's two containers and the ComputeDomain controller carry NVIDIA's
 * environment variables, and uninstall removes them. (The cluster has no node: no plugin pod runs
 * here; the real-node suites run the plugin.)
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ChartE2E {
  private static final String NS = "gpu-dra";

  private ControlPlaneProcess controlPlane;
  private Helm helm;
  private Path chart;

  @BeforeAll
  void start(@TempDir Path dir) throws InterruptedException {
    Path binary = RealControlPlane.binaryOrSkip();
    try {
      helm =
          new Helm(
              Helm.locate(RealControlPlane.checkout(), System.err::println),
              dir.resolve("cp/kubeconfig"));
    } catch (RealNodeUnavailableException e) {
      System.err.println("chart E2E skipped: " + e.getMessage());
      Assumptions.abort(e.getMessage());
    }
    controlPlane = ControlPlaneProcess.start(binary, dir.resolve("cp"), Duration.ofSeconds(120));
    chart = RealControlPlane.checkout().resolve("deployments/helm/gpu-dra");
  }

  @AfterAll
  void stop() {
    if (controlPlane != null) {
      controlPlane.close();
    }
  }

  @Test
  @DisplayName("helm lint, install, and uninstall of our chart against the real API server")
  void installsAndUninstalls() {
    KubernetesClient client = controlPlane.client();
    assertThat(helm.run("lint", chart.toString())).contains("0 chart(s) failed");
    assertThatThrownBy(() ->
            helm.run(
                "template",
                "gpu-dra",
                chart.toString(),
                "--kube-version",
                "1.35.0",
                "--set",
                "controller.replicas=2"))
        .as("a value the chart cannot honour is refused, not ignored")
        .hasMessageContaining("controller.replicas > 1 needs controller.leaderElection.enabled");

    helm.run(
        "install",
        "gpu-dra",
        chart.toString(),
        "--namespace",
        NS,
        "--create-namespace",
        "--set",
        "simulatedGpus=dgx-h100",
        "--set",
        "image.tag=e2e");

    assertThat(names(client.resources(DeviceClass.class).list().getItems()))
        .isEqualTo(
            names(
                new DeviceClassFactory()
                    .deviceClasses(
                        new DeviceClassOptions(
                            Set.of(DriverKind.GPU, DriverKind.COMPUTE_DOMAIN),
                            DeviceClassOptions.allDrivers().extendedResource()))));
    assertThat(
            client.apiextensions().v1().customResourceDefinitions().list().getItems().stream()
                .map(c -> c.getMetadata().getName()))
        .as("the chart's crds/, which helm installs first")
        .contains("computedomains.resource.nvidia.com", "computedomaincliques.resource.nvidia.com");
    DaemonSet plugin =
        client.apps().daemonSets().inNamespace(NS).withName("gpu-dra-kubelet-plugin").get();
    var container = plugin.getSpec().getTemplate().getSpec().getContainers().getFirst();
    assertThat(container.getImage()).isEqualTo("gpu-dra:e2e");
    assertThat(container.getArgs()).containsExactly("gpu-kubelet-plugin");
    assertThat(container.getSecurityContext().getPrivileged()).isTrue();
    assertThat(env(container.getEnv()))
        .containsEntry("SIMULATED_GPUS", "dgx-h100")
        .containsEntry("CDI_ROOT", "/var/run/cdi")
        .containsEntry("KUBELET_PLUGINS_DIRECTORY_PATH", "/var/lib/kubelet/plugins")
        .containsEntry("KUBELET_REGISTRAR_DIRECTORY_PATH", "/var/lib/kubelet/plugins_registry")
        .containsEntry("NVIDIA_VISIBLE_DEVICES", "void")
        .containsEntry("NVIDIA_DRIVER_ROOT", "/");
    assertThat(client.serviceAccounts().inNamespace(NS).withName("gpu-dra-kubelet-plugin").get())
        .isNotNull();
    var domains = plugin.getSpec().getTemplate().getSpec().getContainers().get(1);
    assertThat(domains.getName()).isEqualTo("compute-domains");
    assertThat(domains.getArgs()).containsExactly("compute-domain-kubelet-plugin");
    assertThat(env(domains.getEnv()))
        .containsEntry("HEALTHCHECK_PORT", "51515")
        .containsEntry("HTTP_ENDPOINT", ":8081")
        .containsEntry("SIMULATED_GPUS", "dgx-h100");
    var controller =
        client.apps().deployments().inNamespace(NS).withName("gpu-dra-controller").get();
    var controllerPod = controller.getSpec().getTemplate().getSpec();
    assertThat(controllerPod.getServiceAccountName()).isEqualTo("gpu-dra-controller");
    assertThat(controllerPod.getContainers().getFirst().getArgs())
        .containsExactly("compute-domain-controller");
    assertThat(env(controllerPod.getContainers().getFirst().getEnv()))
        .containsEntry("IMAGE_NAME", "gpu-dra:e2e")
        .containsEntry("LEADER_ELECTION_ENABLED", "false");
    assertThat(
            client
                .serviceAccounts()
                .inNamespace(NS)
                .withName("compute-domain-daemon-service-account")
                .get())
        .as("the daemons' account, NVIDIA's fixed name, which the controller's DaemonSets use")
        .isNotNull();

    helm.run("uninstall", "gpu-dra", "--namespace", NS);

    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> client.resources(DeviceClass.class).list().getItems().isEmpty());
    assertThat(client.apps().daemonSets().inNamespace(NS).list().getItems()).isEmpty();
    assertThat(client.apps().deployments().inNamespace(NS).list().getItems()).isEmpty();
  }

  @Test
  @DisplayName(
      "devicePlugin: NVIDIA's device-plugin values render the DaemonSet's env (unset ones left to"
          + " the plugin's defaults), named configs mounted for the node label to choose; values"
          + " it cannot honour fail the install with their key")
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

    assertThatThrownBy(() ->
            helm.run(
                "template",
                "gpu-dra",
                chart.toString(),
                "--kube-version",
                "1.35.0",
                "--set",
                "devicePlugin.enabled=true"))
        .hasMessageContaining(
            "devicePlugin.enabled with resources.gpus.enabled: both plugins would advertise the"
                + " same GPUs");
    assertThatThrownBy(() ->
            helm.run(
                "template",
                "gpu-dra",
                chart.toString(),
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

  private static Set<String> names(List<DeviceClass> classes) {
    return classes.stream().map(c -> c.getMetadata().getName()).collect(Collectors.toSet());
  }

  private static Map<String, String> env(List<EnvVar> env) {
    return env.stream()
        .filter(e -> e.getValue() != null)
        .collect(Collectors.toMap(EnvVar::getName, EnvVar::getValue));
  }
}
