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
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.ValidatingWebhookConfiguration;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
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
                "--namespace",
                NS,
                "--kube-version",
                "1.35.0",
                "--set",
                "gpuResourcesEnabledOverride=true,controller.replicas=2"))
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

  @Test
  @DisplayName(
      "an admin's values file for NVIDIA's chart renders NVIDIA's behaviour: names, selectors,"
          + " image, accounts, scheduling, env, ports, leader election")
  void nvidiaValuesFile() {
    List<HasMetadata> objects =
        render(
            "--namespace",
            "nvidia-dra",
            "-f",
            RealControlPlane.checkout()
                .resolve("e2e/src/test/resources/nvidia-values/admin.yaml")
                .toString());
    DaemonSet plugin = find(objects, DaemonSet.class, "dra-driver-nvidia-gpu-kubelet-plugin");
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
        .containsEntry("FEATURE_GATES", "MPSSupport=true,TimeSlicingSettings=true")
        .containsEntry("ADDITIONAL_XIDS_TO_IGNORE", "13,31");
    assertThat(gpus.getPorts()).extracting("containerPort").containsExactly(9400);
    assertThat(gpus.getResources().getLimits().get("memory").toString()).isEqualTo("512Mi");
    var domains = spec.getContainers().get(1);
    assertThat(domains.getStartupProbe()).as("healthcheckPort -1: no probes").isNull();
    assertThat(env(domains.getEnv())).doesNotContainKey("HEALTHCHECK_PORT");
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

  @Test
  @DisplayName(
      "values the chart cannot honour fail the install with their key: a misspelled key (the"
          + " schema), NVIDIA's render-time checks, and NVIDIA's options gpu-dra does not have")
  void refusedValues() {
    assertThatThrownBy(() -> render("--namespace", NS, "--set", "kubeletPlugin.tolerration=x"))
        .hasMessageContaining("kubeletPlugin")
        .hasMessageContaining("tolerration");
    assertThatThrownBy(() -> render("--namespace", NS, "--set", "logFormat=xml"))
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
    assertThatThrownBy(() -> render("--namespace", NS, "--set", "namespace=other"))
        .hasMessageContaining("use helm's --namespace");
    assertThatThrownBy(() -> render("--namespace", NS, "--set", "altProcDevices=/x"))
        .hasMessageContaining("altProcDevices");
    assertThatThrownBy(() ->
            render("--namespace", NS, "--set", "resources.computeDomains.imex.mode=hostManaged"))
        .hasMessageContaining("resources.computeDomains.imex.mode");
    assertThatThrownBy(
            () -> render("--namespace", NS, "--set", "controller.metrics.profilePath=/p"))
        .hasMessageContaining("controller.metrics.profilePath");
    assertThatThrownBy(() ->
            render("--namespace", NS, "--set", "webhook.enabled=true,webhook.tls.mode=secret"))
        .hasMessageContaining("webhook.tls.secret.name");
    assertThatThrownBy(() -> render("--namespace", NS, "--set", "webhook.enabled=true"))
        .as("cert-manager mode on a cluster without cert-manager")
        .hasMessageContaining("does not serve cert-manager.io/v1");
    assertThatThrownBy(
            () -> render("--namespace", NS, "--set", "resourceApiVersion=resource.k8s.io/v2"))
        .hasMessageContaining("resourceApiVersion");
  }

  @Test
  @DisplayName(
      "webhook: Deployment, Service and ValidatingWebhookConfiguration, with cert-manager's"
          + " Issuer and Certificate or a Secret and its CA bundle")
  void webhookObjects() {
    List<HasMetadata> certManager =
        render(
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
        render(
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
      "a release of NVIDIA's chart moves to ours with helm upgrade: in place with NVIDIA's name"
          + " (same DaemonSet, same selector), or replaced under our names")
  void movesFromNvidiasRelease() {
    KubernetesClient client = controlPlane.client();
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

  @Test
  @DisplayName(
      "networkPolicy.enabled: the plugin and the controller may reach the API server and DNS"
          + " only, and be scraped on their metrics ports")
  void networkPolicies() {
    List<HasMetadata> objects =
        render(
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

  private List<HasMetadata> render(String... args) {
    List<String> command =
        new java.util.ArrayList<>(
            List.of("template", "nv", chart.toString(), "--kube-version", "1.35.0"));
    command.addAll(List.of(args));
    if (!command.contains("-f")) {
      command.addAll(List.of("--set", "gpuResourcesEnabledOverride=true"));
    }
    String rendered = helm.run(command.toArray(String[]::new));
    return controlPlane
        .client()
        .load(
            new java.io.ByteArrayInputStream(
                rendered.getBytes(java.nio.charset.StandardCharsets.UTF_8)))
        .items();
  }

  private static <T extends HasMetadata> T find(
      List<HasMetadata> objects, Class<T> type, String name) {
    return objects.stream()
        .filter(type::isInstance)
        .map(type::cast)
        .filter(o -> o.getMetadata().getName().equals(name))
        .findFirst()
        .orElseThrow(() ->
            new AssertionError(
                "no "
                    + type.getSimpleName()
                    + " "
                    + name
                    + " in "
                    + objects.stream()
                        .map(o -> o.getKind() + "/" + o.getMetadata().getName())
                        .toList()));
  }

  private static List<String> names(List<HasMetadata> objects, String kind) {
    return objects.stream()
        .filter(o -> kind.equals(o.getKind()))
        .map(o -> o.getMetadata().getName())
        .toList();
  }

  /**
   * The chart's ValidatingAdmissionPolicy on the real API server: the plugins' service account,
   * with a pod token's node name (impersonated here), writes its own node's slices only.
   */
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

  private static Map<String, String> env(List<EnvVar> env) {
    return env.stream()
        .filter(e -> e.getValue() != null)
        .collect(Collectors.toMap(EnvVar::getName, EnvVar::getValue));
  }
}
