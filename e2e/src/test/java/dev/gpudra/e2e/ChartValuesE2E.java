package dev.gpudra.e2e;

import static dev.gpudra.e2e.ChartHarness.env;
import static dev.gpudra.e2e.ChartHarness.find;
import static dev.gpudra.e2e.ChartHarness.names;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.realcluster.node.Helm;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.ValidatingWebhookConfiguration;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Our Helm chart rendered by a real helm for the values admins give it: an admin's values file for
 * NVIDIA's chart, values it refuses by key (its schema and render-time checks), the webhook's and
 * the network policies' objects; parsed by the client of a real API server. {@link ChartE2E}
 * installs the chart, {@link ChartDevicePluginE2E} renders its device plugin.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ChartValuesE2E {
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
      "an admin's values file for NVIDIA's chart renders NVIDIA's behaviour: names, selectors,"
          + " image, accounts, scheduling, env, ports, leader election")
  void nvidiaValuesFile() {
    List<HasMetadata> objects =
        harness.render(
            "--namespace",
            "nvidia-dra",
            "-f",
            RealControlPlane.checkout()
                .resolve("e2e/src/test/resources/nvidia-values/admin.yaml")
                .toString());
    kubeletPluginAsNvidias(find(objects, DaemonSet.class, "dra-driver-nvidia-gpu-kubelet-plugin"));
    ServiceAccount account =
        find(
            objects,
            ServiceAccount.class,
            "nv-dra-driver-nvidia-gpu-service-account-kubeletplugin");
    assertThat(account.getMetadata().getAnnotations()).containsKey("eks.amazonaws.com/role-arn");

    Deployment controller = find(objects, Deployment.class, "dra-driver-nvidia-gpu-controller");
    assertThat(controller.getSpec().getReplicas()).isEqualTo(2);
    var cd = controller.getSpec().getTemplate().getSpec().getContainers().getFirst();
    assertThat(env(cd.getEnv()))
        .containsEntry("LEADER_ELECTION_ENABLED", "true")
        .containsEntry("LEADER_ELECTION_LEASE_DURATION", "30s")
        .containsEntry("LEADER_ELECTION_LEASE_LOCK_NAME", "dra-driver-nvidia-gpu-controller")
        .containsEntry("CD_DAEMON_IMAGE_PULL_SECRET_NAMES", "regcred")
        .containsEntry("MAX_NODES_PER_IMEX_DOMAIN", "4")
        .containsEntry("HTTP_ENDPOINT", ":9401");
    assertThat(cd.getPorts()).extracting("containerPort").containsExactly(9401);
    assertThat(controller.getSpec().getTemplate().getSpec().getNodeSelector())
        .containsEntry("pool", "system");
    assertThat(objects)
        .as("MPSSupport: the plugin may run MPS control daemon Deployments")
        .anySatisfy(o ->
            assertThat(o.getMetadata().getName())
                .isEqualTo("nv-dra-driver-nvidia-gpu-kubelet-plugin-mps"));
    assertThat(names(objects, "ValidatingAdmissionPolicy"))
        .containsExactly("resourceslices-policy-dra-driver-nvidia-gpu");
  }

  /** The admin values file's kubelet-plugin DaemonSet: NVIDIA's names, selectors and settings. */
  private static void kubeletPluginAsNvidias(DaemonSet plugin) {
    assertThat(plugin.getSpec().getSelector().getMatchLabels())
        .containsExactlyEntriesOf(Map.of("dra-driver-nvidia-gpu-component", "kubelet-plugin"));
    assertThat(plugin.getSpec().getUpdateStrategy().getType()).isEqualTo("OnDelete");
    var pod = plugin.getSpec().getTemplate();
    assertThat(pod.getMetadata().getLabels())
        .containsEntry("nvidia-dra-driver-gpu-component", "kubelet-plugin")
        .containsEntry("app.kubernetes.io/instance", "nv");
    assertThat(pod.getMetadata().getAnnotations()).containsEntry("team", "ml");
    var spec = pod.getSpec();
    assertThat(spec.getServiceAccountName())
        .isEqualTo("nv-dra-driver-nvidia-gpu-service-account-kubeletplugin");
    assertThat(spec.getPriorityClassName()).isEqualTo("gpu-critical");
    assertThat(spec.getImagePullSecrets()).extracting("name").containsExactly("regcred");
    assertThat(spec.getNodeSelector()).containsExactlyEntriesOf(Map.of("pool", "gpu"));
    assertThat(spec.getTolerations()).extracting("key").containsExactly("dedicated");
    assertThat(
            spec.getAffinity()
                .getNodeAffinity()
                .getRequiredDuringSchedulingIgnoredDuringExecution()
                .getNodeSelectorTerms())
        .as("GPU nodes only: NFD's PCI vendor labels or the GPU Operator's")
        .flatExtracting(t -> t.getMatchExpressions())
        .extracting("key")
        .contains("feature.node.kubernetes.io/pci-10de.present", "nvidia.com/gpu.present");
    var gpus = spec.getContainers().getFirst();
    assertThat(gpus.getImage()).isEqualTo("registry.example.com/gpu-dra:1.2.3");
    assertThat(gpus.getImagePullPolicy()).isEqualTo("Always");
    assertThat(env(gpus.getEnv()))
        .containsEntry("LOG_VERBOSITY", "6")
        .containsEntry("HTTP_ENDPOINT", ":9400")
        .containsEntry("METRICS_PATH", "/m")
        .containsEntry("FEATURE_GATES", "MPSSupport=true,TimeSlicingSettings=true,")
        .containsEntry("ADDITIONAL_XIDS_TO_IGNORE", "13,31")
        .containsEntry("IMAGE_PULL_POLICY", "Always")
        .containsEntry("IMAGE_PULL_SECRETS", "regcred");
    assertThat(gpus.getPorts()).extracting("containerPort").containsExactly(9400);
    assertThat(gpus.getResources().getLimits().get("memory").toString()).isEqualTo("512Mi");
    var domains = spec.getContainers().get(1);
    assertThat(domains.getStartupProbe()).as("healthcheckPort -1: no probes").isNull();
    assertThat(env(domains.getEnv()))
        .containsEntry("HEALTHCHECK_PORT", "-1")
        .containsEntry("GPU_CLIQUE_LABEL_ENABLED", "true");
  }

  @Test
  @DisplayName(
      "values the chart cannot honour fail the install with their key: a misspelled key (the"
          + " schema), NVIDIA's render-time checks, and NVIDIA's options gpu-dra does not have")
  void refusedValues() {
    assertThatThrownBy(
            () -> harness.render("--namespace", NS, "--set", "kubeletPlugin.tolerration=x"))
        .hasMessageContaining("kubeletPlugin")
        .hasMessageContaining("tolerration");
    assertThatThrownBy(() -> harness.render("--namespace", NS, "--set", "logFormat=xml"))
        .hasMessageContaining("logFormat");
    assertThatThrownBy(() ->
            helm.run(
                "template",
                "x",
                chart.toString(),
                "--kube-version",
                "1.35.0",
                "--set",
                "gpuResourcesEnabledOverride=true"))
        .hasMessageContaining("the release namespace is 'default'");
    assertThatThrownBy(() ->
            helm.run(
                "template", "x", chart.toString(), "--kube-version", "1.35.0", "--namespace", NS))
        .hasMessageContaining("gpuResourcesEnabledOverride is false");
    assertThatThrownBy(() -> harness.render("--namespace", NS, "--set", "namespace=other"))
        .hasMessageContaining("use helm's --namespace");
    assertThatThrownBy(() -> harness.render("--namespace", NS, "--set", "altProcDevices=/x"))
        .hasMessageContaining("altProcDevices");
    assertThatThrownBy(() ->
            harness.render(
                "--namespace", NS, "--set", "resources.computeDomains.imex.mode=hostManaged"))
        .hasMessageContaining(
            "resources.computeDomains.imex.mode=hostManaged requires"
                + " featureGates.HostManagedIMEXDaemon=true");
    assertThatThrownBy(() ->
            harness.render(
                "--namespace", NS, "--set", "resources.computeDomains.imex.isolation=channel"))
        .hasMessageContaining("imex.isolation=channel is not supported yet");
    assertThatThrownBy(
            () -> harness.render("--namespace", NS, "--set", "controller.metrics.profilePath=/p"))
        .hasMessageContaining("controller.metrics.profilePath");
    assertThatThrownBy(() ->
            harness.render(
                "--namespace", NS, "--set", "webhook.enabled=true,webhook.tls.mode=secret"))
        .hasMessageContaining("webhook.tls.secret.name");
    assertThatThrownBy(() -> harness.render("--namespace", NS, "--set", "webhook.enabled=true"))
        .as("cert-manager mode on a cluster without cert-manager")
        .hasMessageContaining("does not serve cert-manager.io/v1");
    assertThatThrownBy(() ->
            harness.render("--namespace", NS, "--set", "resourceApiVersion=resource.k8s.io/v2"))
        .hasMessageContaining("resourceApiVersion");
  }

  @Test
  @DisplayName(
      "webhook: Deployment, Service and ValidatingWebhookConfiguration, with cert-manager's"
          + " Issuer and Certificate or a Secret and its CA bundle")
  void webhookObjects() {
    List<HasMetadata> certManager =
        harness.render(
            "--namespace",
            NS,
            "--api-versions",
            "cert-manager.io/v1",
            "--set",
            "webhook.enabled=true");
    Deployment webhook = find(certManager, Deployment.class, "gpu-dra-webhook");
    var container = webhook.getSpec().getTemplate().getSpec().getContainers().getFirst();
    assertThat(container.getArgs())
        .containsExactly(
            "webhook",
            "--port=443",
            "--tls-cert-file=/cert/tls.crt",
            "--tls-private-key-file=/cert/tls.key");
    assertThat(names(certManager, "Certificate")).containsExactly("gpu-dra-webhook");
    assertThat(names(certManager, "Issuer")).containsExactly("gpu-dra-webhook-selfsigned");
    var config = find(certManager, ValidatingWebhookConfiguration.class, "gpu-dra-webhook");
    assertThat(config.getMetadata().getAnnotations())
        .containsEntry("cert-manager.io/inject-ca-from", NS + "/gpu-dra-webhook");
    var hook = config.getWebhooks().getFirst();
    assertThat(hook.getName()).isEqualTo("gpu.nvidia.com");
    assertThat(hook.getClientConfig().getService().getPath())
        .isEqualTo("/validate-resource-claim-parameters");
    assertThat(hook.getRules().getFirst().getResources())
        .containsExactly("resourceclaims", "resourceclaimtemplates");

    List<HasMetadata> secret =
        harness.render(
            "--namespace",
            NS,
            "--set",
            "webhook.enabled=true,webhook.tls.mode=secret,webhook.tls.secret.name=tls,webhook.tls.secret.caBundle=Q0E=");
    assertThat(names(secret, "Certificate")).isEmpty();
    assertThat(
            find(secret, ValidatingWebhookConfiguration.class, "gpu-dra-webhook")
                .getWebhooks()
                .getFirst()
                .getClientConfig()
                .getCaBundle())
        .isEqualTo("Q0E=");
  }

  @Test
  @DisplayName(
      "networkPolicy.enabled: the plugin and the controller may reach the API server and DNS"
          + " only, and be scraped on their metrics ports")
  void networkPolicies() {
    List<HasMetadata> objects =
        harness.render(
            "--namespace",
            NS,
            "--set",
            "kubeletPlugin.networkPolicy.enabled=true,controller.networkPolicy.enabled=true",
            "--set",
            "kubeletPlugin.metrics.gpuHttpEndpoint=:9400");
    NetworkPolicy plugin = find(objects, NetworkPolicy.class, "gpu-dra-kubelet-plugin");
    assertThat(plugin.getSpec().getPodSelector().getMatchLabels())
        .containsExactlyEntriesOf(Map.of("gpu-dra-component", "kubelet-plugin"));
    assertThat(plugin.getSpec().getIngress().getFirst().getPorts())
        .extracting(p -> p.getPort().getIntVal())
        .containsExactly(9400, 8081);
    assertThat(plugin.getSpec().getEgress().getFirst().getPorts())
        .extracting(p -> p.getPort().getIntVal())
        .containsExactly(443, 6443);
    assertThat(
            find(objects, NetworkPolicy.class, "gpu-dra-controller")
                .getSpec()
                .getPodSelector()
                .getMatchLabels())
        .containsExactlyEntriesOf(Map.of("gpu-dra-component", "controller"));
  }

  @Test
  @DisplayName(
      "imex.mode=hostManaged: no daemon DeviceClass nor daemon RBAC; the controller and the"
          + " compute-domain plugin get IMEX_MODE, the plugin the host socket")
  void hostManagedImex() {
    List<HasMetadata> objects =
        harness.render(
            "--namespace",
            NS,
            "--set",
            "featureGates.HostManagedIMEXDaemon=true,resources.computeDomains.imex.mode=hostManaged",
            "--set",
            "resources.computeDomains.imex.hostSocketPath=/run/imex/ctl.sock");

    assertThat(names(objects, "DeviceClass"))
        .contains("compute-domain-default-channel.nvidia.com")
        .doesNotContain("compute-domain-daemon.nvidia.com");
    assertThat(names(objects, "ServiceAccount"))
        .doesNotContain("compute-domain-daemon-service-account");
    assertThat(names(objects, "Role")).doesNotContain("compute-domain-daemon-role");
    var domains =
        find(objects, DaemonSet.class, "gpu-dra-kubelet-plugin")
            .getSpec()
            .getTemplate()
            .getSpec()
            .getContainers()
            .stream()
            .filter(c -> c.getName().equals("compute-domains"))
            .findFirst()
            .orElseThrow();
    assertThat(env(domains.getEnv()))
        .containsEntry("IMEX_MODE", "hostManaged")
        .containsEntry("IMEX_ISOLATION", "domain")
        .containsEntry("IMEX_HOST_SOCKET_PATH", "/run/imex/ctl.sock");
    var controller =
        find(objects, Deployment.class, "gpu-dra-controller")
            .getSpec()
            .getTemplate()
            .getSpec()
            .getContainers()
            .getFirst();
    assertThat(env(controller.getEnv())).containsEntry("IMEX_MODE", "hostManaged");
  }
}
