package dev.gpudra.e2e;

import static dev.gpudra.e2e.ChartHarness.env;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.gpudra.deviceclasses.model.DeviceClassFactory;
import dev.gpudra.deviceclasses.model.DeviceClassOptions;
import dev.gpudra.deviceclasses.model.DriverKind;
import dev.gpudra.realcluster.node.Helm;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
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
  @DisplayName("helm lint, install, and uninstall of our chart against the real API server")
  void installsAndUninstalls() {
    KubernetesClient client = harness.client();
    assertThat(helm.run("lint", "--strict", chart.toString())).contains("0 chart(s) failed");
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
                "gpuResourcesEnabledOverride=true,controller.replicas=2"))
        .as("a value the chart cannot honour is refused, not ignored")
        .hasMessageContaining("controller.replicas > 1 needs controller.leaderElection.enabled");
    assertThatThrownBy(
            () -> helm.run("template", "gpu-dra", chart.toString(), "--kube-version", "1.33.9"))
        .as("1.34 is the oldest release with resource.k8s.io/v1, and the oldest the matrix runs")
        .hasMessageContaining("chart requires kubeVersion: >=1.34.0-0");

    helm.run(
        "install",
        "gpu-dra",
        chart.toString(),
        "--namespace",
        NS,
        "--create-namespace",
        "--set",
        "gpuResourcesEnabledOverride=true",
        "--set",
        "logVerbosity=6",
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
    installedKubeletPlugin(client);
    installedController(client);

    helm.run("uninstall", "gpu-dra", "--namespace", NS);

    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> client.resources(DeviceClass.class).list().getItems().isEmpty());
    assertThat(client.apps().daemonSets().inNamespace(NS).list().getItems()).isEmpty();
    assertThat(client.apps().deployments().inNamespace(NS).list().getItems()).isEmpty();
  }

  /** The kubelet plugin's DaemonSet as installed: image, args, env, selector, accounts. */
  private void installedKubeletPlugin(KubernetesClient client) {
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
        .containsEntry("NVIDIA_DRIVER_ROOT", "/")
        .containsEntry("LOG_VERBOSITY", "6");
    assertThat(plugin.getSpec().getSelector().getMatchLabels())
        .as("NVIDIA's selector: <name>-component")
        .containsExactlyEntriesOf(Map.of("gpu-dra-component", "kubelet-plugin"));
    assertThat(plugin.getSpec().getTemplate().getSpec().getInitContainers().getFirst().getArgs())
        .containsExactly("wait-for-driver");
    assertThat(
            client
                .serviceAccounts()
                .inNamespace(NS)
                .withName("gpu-dra-service-account-kubeletplugin")
                .get())
        .isNotNull();
    assertSlicePolicy(client);
    var domains = plugin.getSpec().getTemplate().getSpec().getContainers().get(1);
    assertThat(domains.getName()).isEqualTo("compute-domains");
    assertThat(domains.getArgs()).containsExactly("compute-domain-kubelet-plugin");
    assertThat(env(domains.getEnv()))
        .containsEntry("HEALTHCHECK_PORT", "51515")
        .containsEntry("HTTP_ENDPOINT", ":8081")
        .containsEntry("SIMULATED_GPUS", "dgx-h100");
  }

  /** The ComputeDomain controller's Deployment as installed, and the daemons' account. */
  private static void installedController(KubernetesClient client) {
    var controller =
        client.apps().deployments().inNamespace(NS).withName("gpu-dra-controller").get();
    var controllerPod = controller.getSpec().getTemplate().getSpec();
    assertThat(controllerPod.getServiceAccountName())
        .isEqualTo("gpu-dra-service-account-controller");
    assertThat(controllerPod.getContainers().getFirst().getArgs())
        .containsExactly("compute-domain-controller");
    assertThat(env(controllerPod.getContainers().getFirst().getEnv()))
        .containsEntry("IMAGE_NAME", "gpu-dra:e2e")
        .containsEntry("LOG_VERBOSITY_CD_DAEMON", "6")
        .containsEntry("LEADER_ELECTION_ENABLED", "false");
    assertThat(
            client
                .serviceAccounts()
                .inNamespace(NS)
                .withName("compute-domain-daemon-service-account")
                .get())
        .as("the daemons' account, NVIDIA's fixed name, which the controller's DaemonSets use")
        .isNotNull();
  }

  @Test
  @DisplayName(
      "a release of NVIDIA's chart moves to ours with helm upgrade: in place with NVIDIA's name"
          + " (same DaemonSet, same selector), or replaced under our names")
  void movesFromNvidiasRelease() {
    KubernetesClient client = harness.client();
    Path nvidia = RealControlPlane.checkout().resolve("e2e/src/test/resources/nvidia-release");
    for (String ns : List.of("move-in-place", "move-renamed")) {
      helm.run("install", "nvidia-dra", nvidia.toString(), "--namespace", ns, "--create-namespace");
    }
    String before =
        client
            .apps()
            .daemonSets()
            .inNamespace("move-in-place")
            .withName("dra-driver-nvidia-gpu-kubelet-plugin")
            .get()
            .getMetadata()
            .getUid();
    helm.run(
        "upgrade",
        "nvidia-dra",
        chart.toString(),
        "--namespace",
        "move-in-place",
        "--set",
        "gpuResourcesEnabledOverride=true,nameOverride=dra-driver-nvidia-gpu",
        "--set",
        "resources.computeDomains.enabled=false,deviceClasses.extendedResourceName=false");
    DaemonSet inPlace =
        client
            .apps()
            .daemonSets()
            .inNamespace("move-in-place")
            .withName("dra-driver-nvidia-gpu-kubelet-plugin")
            .get();
    assertThat(inPlace.getMetadata().getUid()).as("the same DaemonSet, updated").isEqualTo(before);
    assertThat(inPlace.getSpec().getTemplate().getSpec().getContainers().getFirst().getArgs())
        .containsExactly("gpu-kubelet-plugin");
    helm.run("uninstall", "nvidia-dra", "--namespace", "move-in-place");

    helm.run(
        "upgrade",
        "nvidia-dra",
        chart.toString(),
        "--namespace",
        "move-renamed",
        "--set",
        "gpuResourcesEnabledOverride=true",
        "--set",
        "resources.computeDomains.enabled=false,deviceClasses.extendedResourceName=false");
    assertThat(client.apps().daemonSets().inNamespace("move-renamed").list().getItems())
        .extracting(d -> d.getMetadata().getName())
        .containsExactly("gpu-dra-kubelet-plugin");
    assertThat(client.apps().deployments().inNamespace("move-renamed").list().getItems())
        .as("NVIDIA's controller Deployment went with the old manifest")
        .isEmpty();
    helm.run("uninstall", "nvidia-dra", "--namespace", "move-renamed");
  }

  private static void assertSlicePolicy(KubernetesClient admin) {
    String account = "system:serviceaccount:" + NS + ":gpu-dra-service-account-kubeletplugin";
    try (KubernetesClient onNodeA = impersonating(admin, account, List.of("node-a"));
        KubernetesClient noNode = impersonating(admin, account, List.of())) {
      // the policy takes effect once the API server has loaded it: until then a create goes
      // through, and is undone here
      await()
          .atMost(Duration.ofSeconds(30))
          .untilAsserted(() -> {
            try {
              onNodeA.resource(slice("node-b")).create();
            } catch (KubernetesClientException e) {
              assertThat(e.getMessage())
                  .contains("the kubelet plugin on node node-a may not write the ResourceSlice");
              return;
            }
            admin.resource(slice("node-b")).delete();
            throw new AssertionError("the ValidatingAdmissionPolicy is not in force yet");
          });
      onNodeA.resource(slice("node-a")).create();
      assertThatThrownBy(() -> noNode.resource(slice("node-a")).update())
          .hasMessageContaining("only with a pod's token that names its node");
      onNodeA.resource(slice("node-a")).delete();
      assertThat(admin.resources(ResourceSlice.class).list().getItems()).isEmpty();
    }
  }

  private static KubernetesClient impersonating(
      KubernetesClient admin, String user, List<String> nodeName) {
    Config config = new ConfigBuilder(admin.getConfiguration()).build();
    config.setImpersonateUsername(user);
    config.setImpersonateGroups("system:serviceaccounts", "system:serviceaccounts:" + NS);
    if (!nodeName.isEmpty()) {
      // the header's key is percent-encoded, as client-go sends it: Impersonate-Extra-<key>
      config.setImpersonateExtras(Map.of("authentication.kubernetes.io%2fnode-name", nodeName));
    }
    return new KubernetesClientBuilder().withConfig(config).build();
  }

  private static ResourceSlice slice(String node) {
    return new ResourceSliceBuilder()
        .withNewMetadata()
        .withName(node + "-gpu.nvidia.com")
        .endMetadata()
        .withNewSpec()
        .withDriver("gpu.nvidia.com")
        .withNodeName(node)
        .withNewPool()
        .withName(node)
        .withGeneration(1L)
        .withResourceSliceCount(1L)
        .endPool()
        .endSpec()
        .build();
  }

  private static Set<String> names(List<DeviceClass> classes) {
    return classes.stream().map(c -> c.getMetadata().getName()).collect(Collectors.toSet());
  }
}
