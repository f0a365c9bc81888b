package dev.gpudra.operator.render;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.operator.render.nvidia.driver.DriverValidation;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import java.io.IOException;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class DraKubeletPluginDaemonSetTest {
  private static DaemonSet render(String yaml) throws IOException {
    ClusterPolicySpec spec =
        new ObjectMapper(new YAMLFactory()).readValue(yaml, ClusterPolicySpec.class);
    OperandContext context =
        new OperandContext("gpu-operator", spec, "registry.local/gpu-dra:0.1.0");
    return DraKubeletPluginDaemonSet.render(context, DriverValidation.step(context));
  }

  private static Map<String, String> env(Container container) {
    return container.getEnv().stream()
        .filter(e -> e.getValue() != null)
        .collect(Collectors.toMap(EnvVar::getName, EnvVar::getValue));
  }

  @Test
  @DisplayName("a GPUCluster's names, with our plugin's two containers and their health ports")
  void gpuClustersNamesWithOurPluginsBothContainersAndTheirHealthPorts() throws IOException {
    DaemonSet ds =
        render(
            "driver: {enabled: false}\ndraDriver:\n  featureGates: {TimeSlicingSettings: true,"
                + " MPSSupport: true}\n  gpus:\n    kubeletPlugin:\n      env:\n"
                + "      - {name: SIMULATED_GPUS, value: dgx-h100}\n");

    assertThat(ds.getMetadata().getName()).isEqualTo("nvidia-dra-driver-kubelet-plugin");
    assertThat(ds.getSpec().getTemplate().getSpec().getNodeSelector())
        .containsEntry("nvidia.com/gpu.deploy.dra-driver", "true");
    assertThat(ds.getSpec().getUpdateStrategy().getRollingUpdate().getMaxUnavailable().getStrVal())
        .isEqualTo("100%");
    var containers = ds.getSpec().getTemplate().getSpec().getContainers();
    assertThat(containers)
        .extracting(Container::getName)
        .containsExactly("gpus", "compute-domains");
    assertThat(containers.getFirst().getImage())
        .as("no draDriver image: the operator's own")
        .isEqualTo("registry.local/gpu-dra:0.1.0");
    assertThat(env(containers.getFirst()))
        .containsEntry("HEALTHCHECK_PORT", "51516")
        .containsEntry("FEATURE_GATES", "MPSSupport=true,TimeSlicingSettings=true")
        .containsEntry("SIMULATED_GPUS", "dgx-h100")
        .containsEntry("NVIDIA_DRIVER_ROOT", "/")
        .containsEntry("KUBELET_PLUGINS_DIRECTORY_PATH", "/var/lib/kubelet/plugins");
    assertThat(env(containers.getFirst()))
        .containsEntry("CDI_ROOT", "/var/run/cdi")
        .containsEntry("NVIDIA_CDI_HOOK_PATH", "/usr/local/nvidia/toolkit/nvidia-cdi-hook");
    assertThat(env(containers.get(1))).containsEntry("HEALTHCHECK_PORT", "51515");
    assertThat(containers.getFirst().getReadinessProbe().getGrpc().getService())
        .isEqualTo("readiness");
  }

  @Test
  @DisplayName("compute domains off and health off are rendered as said")
  void computeDomainsOffAndHealthOffAsSaid() throws IOException {
    DaemonSet ds =
        render(
            "draDriver:\n  repository: registry.local\n  image: gpu-dra\n  version: \"2\"\n"
                + "  computeDomains: {enabled: false}\n  gpus:\n    kubeletPlugin:\n"
                + "      healthcheck: {enabled: false}\n");
    Container gpus = ds.getSpec().getTemplate().getSpec().getContainers().getFirst();

    assertThat(ds.getSpec().getTemplate().getSpec().getContainers()).hasSize(1);
    assertThat(gpus.getImage()).isEqualTo("registry.local/gpu-dra:2");
    assertThat(gpus.getStartupProbe()).isNull();
    assertThat(env(gpus)).containsEntry("HEALTHCHECK_PORT", "-1");
  }

  @Test
  @DisplayName("the host's directories are as the policy says")
  void theHostsDirectoriesAsThePolicySays() throws IOException {
    DaemonSet ds =
        render(
            "toolkit: {installDir: /opt/nvidia}\nhostPaths: {rootFS: /host, cdiRoot: /etc/cdi,"
                + " kubeletRootDir: /data/kubelet}\ndriver: {enabled: false}\n"
                + "draDriver: {computeDomains: {enabled: false}}\n");
    Container gpus = ds.getSpec().getTemplate().getSpec().getContainers().getFirst();

    assertThat(env(gpus))
        .containsEntry("CDI_ROOT", "/etc/cdi")
        .containsEntry("NVIDIA_CDI_HOOK_PATH", "/opt/nvidia/toolkit/nvidia-cdi-hook")
        .containsEntry("NVIDIA_DRIVER_ROOT", "/host")
        .containsEntry("KUBELET_REGISTRAR_DIRECTORY_PATH", "/data/kubelet/plugins_registry");
    assertThat(ds.getSpec().getTemplate().getSpec().getVolumes())
        .extracting(v -> v.getName() + "=" + v.getHostPath().getPath())
        .containsExactly(
            "run-nvidia-validations=/run/nvidia/validations",
            "plugins-registry=/data/kubelet/plugins_registry",
            "plugins=/data/kubelet/plugins",
            "cdi=/etc/cdi",
            "driver-root=/host");
    assertThat(ds.getSpec().getTemplate().getSpec().getInitContainers())
        .as("NVIDIA's protocol: the DRA driver starts once the validator wrote driver-ready")
        .singleElement()
        .satisfies(c -> {
          assertThat(c.getName()).isEqualTo("driver-validation");
          assertThat(c.getImage()).isEqualTo(gpus.getImage());
          assertThat(c.getArgs().getFirst())
              .contains("[ -f /run/nvidia/validations/driver-ready ]");
          assertThat(c.getVolumeMounts().getFirst().getMountPropagation())
              .isEqualTo("HostToContainer");
        });
    assertThat(
            env(
                render("cdi: {enabled: false}\ndraDriver: {}\n")
                    .getSpec()
                    .getTemplate()
                    .getSpec()
                    .getContainers()
                    .getFirst()))
        .as("without CDI the plugin finds its hook itself")
        .doesNotContainKey("NVIDIA_CDI_HOOK_PATH");
  }

  @Test
  @DisplayName(
      "with NVIDIA's validator image, driver validation validates and writes driver-ready itself")
  void withNvidiasValidatorImageTheDriverValidationValidatesAndWritesDriverReadyItself()
      throws IOException {
    DaemonSet ds =
        render(
            "validator: {repository: nvcr.io/nvidia/cloud-native, image: gpu-operator-validator,"
                + " version: v26.7.0, imagePullSecrets: [ngc]}\n"
                + "draDriver: {imagePullSecrets: [mine]}\n");
    var pod = ds.getSpec().getTemplate().getSpec();
    Container validation = pod.getInitContainers().getFirst();

    assertThat(validation.getName()).isEqualTo("driver-validation");
    assertThat(validation.getImage())
        .isEqualTo("nvcr.io/nvidia/cloud-native/gpu-operator-validator:v26.7.0");
    assertThat(env(validation))
        .as("NVIDIA's GPUCluster form: no operator validator writes driver-ready on a DRA node")
        .containsEntry("COMPONENT", "driver")
        .containsEntry("WITH_WAIT", "true")
        .containsEntry("DRIVER_VALIDATION_SKIP_GPU_INIT", "true")
        .containsEntry("DISABLE_DEV_CHAR_SYMLINK_CREATION", "true");
    assertThat(pod.getVolumes())
        .extracting(v -> v.getName())
        .contains("run-nvidia-validations", "driver-install-dir", "host-root", "host-dev-char");
    assertThat(pod.getImagePullSecrets())
        .extracting(r -> r.getName())
        .containsExactly("mine", "ngc");
  }
}
