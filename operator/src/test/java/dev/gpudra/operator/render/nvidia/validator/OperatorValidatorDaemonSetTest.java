package dev.gpudra.operator.render.nvidia.validator;

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
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.Role;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class OperatorValidatorDaemonSetTest {
  private static final String IMAGE = "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v26.7.0";
  private static final String VALIDATOR =
      "validator: {repository: nvcr.io/nvidia/cloud-native, image: gpu-operator-validator,"
          + " version: v26.7.0";

  private static ClusterPolicySpec spec(String yaml) throws IOException {
    return new ObjectMapper(new YAMLFactory()).readValue(yaml, ClusterPolicySpec.class);
  }

  private static List<HasMetadata> objects(String yaml) throws IOException {
    return OperatorValidatorDaemonSet.objects(new OperandContext("gpu-operator", spec(yaml), "x"));
  }

  private static PodSpec pod(List<HasMetadata> objects) {
    return ((DaemonSet) objects.getLast()).getSpec().getTemplate().getSpec();
  }

  private static Container init(PodSpec pod, String name) {
    return pod.getInitContainers().stream()
        .filter(c -> c.getName().equals(name))
        .findFirst()
        .orElseThrow();
  }

  private static Map<String, String> env(Container container) {
    return container.getEnv().stream()
        .filter(e -> e.getValue() != null)
        .collect(java.util.stream.Collectors.toMap(EnvVar::getName, EnvVar::getValue));
  }

  @Test
  @DisplayName(
      "the validator's steps run in NVIDIA's order on its deploy label, with the validator image")
  void validatorStepsInNvidiasOrderOnItsDeployLabelWithTheValidatorImage() throws IOException {
    List<HasMetadata> objects = objects(VALIDATOR + ", imagePullPolicy: Always}\n");

    DaemonSet ds = (DaemonSet) objects.getLast();
    PodSpec pod = pod(objects);
    assertThat(ds.getMetadata().getName()).isEqualTo("nvidia-operator-validator");
    assertThat(pod.getNodeSelector())
        .containsExactly(Map.entry("nvidia.com/gpu.deploy.operator-validator", "true"));
    assertThat(ds.getSpec().getSelector().getMatchLabels())
        .containsEntry("app", "nvidia-operator-validator")
        .containsEntry("app.kubernetes.io/part-of", "gpu-operator");
    assertThat(pod.getServiceAccountName()).isEqualTo("nvidia-operator-validator");
    assertThat(pod.getInitContainers())
        .extracting(Container::getName)
        .containsExactly(
            "driver-validation", "toolkit-validation", "cuda-validation", "plugin-validation");
    assertThat(pod.getInitContainers())
        .allSatisfy(c -> {
          assertThat(c.getImage()).isEqualTo(IMAGE);
          assertThat(c.getImagePullPolicy()).isEqualTo("Always");
          assertThat(c.getArgs()).containsExactly("nvidia-validator");
          assertThat(c.getSecurityContext().getRunAsUser()).isZero();
        });
    assertThat(env(init(pod, "driver-validation")))
        .containsEntry("WITH_WAIT", "true")
        .containsEntry("COMPONENT", "driver");
    assertThat(env(init(pod, "toolkit-validation")))
        .containsEntry("COMPONENT", "toolkit")
        .containsEntry("NVIDIA_VISIBLE_DEVICES", "all");
    Container main = pod.getContainers().getFirst();
    assertThat(main.getImage()).isEqualTo(IMAGE);
    assertThat(main.getLifecycle().getPreStop().getExec().getCommand())
        .containsExactly("sh", "-c", "rm -f /run/nvidia/validations/*-ready");
    assertThat(pod.getRuntimeClassName()).isEqualTo("nvidia");
  }

  @Test
  @DisplayName("workload steps get the validator's pull settings, RuntimeClass and MIG strategy")
  void workloadStepsGetTheValidatorImagePullSettingsRuntimeClassAndMigStrategy()
      throws IOException {
    List<HasMetadata> objects =
        objects(
            VALIDATOR
                + ", imagePullPolicy: Always, imagePullSecrets: [ngc, extra],"
                + " cuda: {env: [{name: WITH_WORKLOAD, value: 'true'}]},"
                + " plugin: {env: [{name: WITH_WORKLOAD, value: 'true'}]}}\n"
                + "mig: {strategy: mixed}\noperator: {runtimeClass: nvidia-cdi}\n");

    PodSpec pod = pod(objects);
    Map<String, String> cuda = env(init(pod, "cuda-validation"));
    Map<String, String> plugin = env(init(pod, "plugin-validation"));
    assertThat(cuda)
        .containsEntry("COMPONENT", "cuda")
        .containsEntry("VALIDATOR_IMAGE", IMAGE)
        .containsEntry("VALIDATOR_IMAGE_PULL_POLICY", "Always")
        .containsEntry("VALIDATOR_IMAGE_PULL_SECRETS", "ngc,extra")
        .containsEntry("VALIDATOR_RUNTIME_CLASS", "nvidia-cdi")
        .containsEntry("WITH_WORKLOAD", "true");
    assertThat(plugin)
        .containsEntry("MIG_STRATEGY", "mixed")
        .containsEntry("VALIDATOR_RUNTIME_CLASS", "nvidia-cdi")
        .containsEntry("WITH_WORKLOAD", "true");
    assertThat(init(pod, "plugin-validation").getEnv())
        .extracting(EnvVar::getName)
        .containsOnlyOnce("WITH_WORKLOAD")
        .contains("NODE_NAME", "OPERATOR_NAMESPACE");
    assertThat(pod.getImagePullSecrets())
        .extracting(r -> r.getName())
        .containsExactly("ngc", "extra");
    assertThat(pod.getRuntimeClassName()).isEqualTo("nvidia-cdi");
  }

  @Test
  @DisplayName("each step takes its own env, and the main container the validator's env")
  void eachStepTakesItsOwnEnvAndTheMainContainerTheValidatorsEnv() throws IOException {
    PodSpec pod =
        pod(
            objects(
                VALIDATOR
                    + ", env: [{name: MAIN, value: m}],"
                    + " driver: {env: [{name: DISABLE_DEV_CHAR_SYMLINK_CREATION, value: 'true'}]},"
                    + " toolkit: {env: [{name: NVIDIA_VISIBLE_DEVICES, value: void}]}}\n"));

    assertThat(env(init(pod, "driver-validation")))
        .containsEntry("DISABLE_DEV_CHAR_SYMLINK_CREATION", "true");
    assertThat(env(init(pod, "toolkit-validation")))
        .containsEntry("NVIDIA_VISIBLE_DEVICES", "void");
    assertThat(env(init(pod, "cuda-validation")))
        .doesNotContainKey("DISABLE_DEV_CHAR_SYMLINK_CREATION");
    assertThat(env(pod.getContainers().getFirst())).containsEntry("MAIN", "m");
    assertThat(env(init(pod, "driver-validation"))).doesNotContainKey("MAIN");
  }

  @Test
  @DisplayName("a disabled device plugin leaves the plugin validation out")
  void aDisabledDevicePluginLeavesThePluginValidationOut() throws IOException {
    PodSpec pod = pod(objects(VALIDATOR + "}\ndevicePlugin: {enabled: false}\n"));

    assertThat(pod.getInitContainers())
        .extracting(Container::getName)
        .containsExactly("driver-validation", "toolkit-validation", "cuda-validation");
    assertThat(pod(objects(VALIDATOR + "}\ndraDriver: {}\n")).getInitContainers())
        .as("with DRA nodes in the policy: they never have nvidia.com/gpu to wait for")
        .extracting(Container::getName)
        .containsExactly("driver-validation", "toolkit-validation", "cuda-validation");
  }

  @Test
  @DisplayName("a disabled toolkit keeps the toolkit validation, as NVIDIA does")
  void aDisabledToolkitKeepsTheToolkitValidationAsNvidiaDoes() throws IOException {
    PodSpec pod = pod(objects(VALIDATOR + "}\ntoolkit: {enabled: false}\n"));

    assertThat(pod.getInitContainers())
        .extracting(Container::getName)
        .contains("toolkit-validation");
  }

  @Test
  @DisplayName("NVIDIA's host volumes and their mounts are at the default paths")
  void nvidiasHostVolumesAndTheirMountsAtTheDefaultPaths() throws IOException {
    PodSpec pod = pod(objects(VALIDATOR + "}\n"));

    assertThat(pod.getVolumes())
        .extracting(Volume::getName, v -> v.getHostPath().getPath())
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(
                "run-nvidia-validations", "/run/nvidia/validations"),
            org.assertj.core.groups.Tuple.tuple("driver-install-dir", "/run/nvidia/driver"),
            org.assertj.core.groups.Tuple.tuple("host-root", "/"),
            org.assertj.core.groups.Tuple.tuple("host-dev-char", "/dev/char"));
    assertThat(init(pod, "driver-validation").getVolumeMounts())
        .extracting(VolumeMount::getName, VolumeMount::getMountPath)
        .contains(
            org.assertj.core.groups.Tuple.tuple("host-root", "/host"),
            org.assertj.core.groups.Tuple.tuple("driver-install-dir", "/run/nvidia/driver"),
            org.assertj.core.groups.Tuple.tuple("host-dev-char", "/host-dev-char"));
    assertThat(init(pod, "toolkit-validation").getVolumeMounts().getFirst().getMountPropagation())
        .isEqualTo("Bidirectional");
    assertThat(env(init(pod, "driver-validation")))
        .doesNotContainKeys("HOST_ROOT", "DRIVER_INSTALL_DIR");
  }

  @Test
  @DisplayName("a custom host root and driver install dir move the volumes and set their variables")
  void customHostRootAndDriverInstallDirMoveTheVolumesAndSetTheirVariables() throws IOException {
    PodSpec pod =
        pod(
            objects(
                VALIDATOR + "}\nhostPaths: {rootFS: /host-fs, driverInstallDir: /opt/nvidia}\n"));

    assertThat(pod.getVolumes())
        .filteredOn(v -> !v.getName().equals("run-nvidia-validations"))
        .extracting(v -> v.getHostPath().getPath())
        .containsExactly("/opt/nvidia", "/host-fs", "/host-fs/dev/char");
    Container driver = init(pod, "driver-validation");
    assertThat(env(driver))
        .containsEntry("HOST_ROOT", "/host-fs")
        .containsEntry("DRIVER_INSTALL_DIR", "/opt/nvidia")
        .containsEntry("DRIVER_INSTALL_DIR_CTR_PATH", "/opt/nvidia");
    assertThat(driver.getVolumeMounts())
        .filteredOn(m -> m.getName().equals("driver-install-dir"))
        .extracting(VolumeMount::getMountPath)
        .containsExactly("/opt/nvidia");
    assertThat(env(pod.getContainers().getFirst())).containsEntry("HOST_ROOT", "/host-fs");
  }

  @Test
  @DisplayName(
      "no RuntimeClass on CRI-O without CDI, nor with the NRI plugin, which annotates the toolkit step")
  void noRuntimeClassOnCrioWithoutCdiNorWithTheNriPluginWhichAnnotatesTheToolkitStep()
      throws IOException {
    OperandContext crio =
        new OperandContext(
            "gpu-operator",
            spec(VALIDATOR + "}\ncdi: {enabled: false}\n"),
            "x",
            Map.of(),
            Runtime.CRIO);
    DaemonSet nri =
        (DaemonSet)
            objects(VALIDATOR + "}\ncdi: {enabled: true, nriPluginEnabled: true}\n").getLast();

    assertThat(pod(OperatorValidatorDaemonSet.objects(crio)).getRuntimeClassName()).isNull();
    assertThat(nri.getSpec().getTemplate().getSpec().getRuntimeClassName()).isNull();
    assertThat(nri.getSpec().getTemplate().getMetadata().getAnnotations())
        .containsEntry(
            "nvidia.cdi.k8s.io/container.toolkit-validation", "management.nvidia.com/gpu=all");
  }

  @Test
  @DisplayName("its roles let it run its workload pods and read nodes, without wildcards")
  void rolesLetItRunItsWorkloadPodsAndReadNodesWithoutWildcards() throws IOException {
    List<HasMetadata> objects = objects(VALIDATOR + "}\n");

    Role role = (Role) objects.stream().filter(Role.class::isInstance).findFirst().orElseThrow();
    ClusterRole clusterRole =
        (ClusterRole)
            objects.stream().filter(ClusterRole.class::isInstance).findFirst().orElseThrow();
    assertThat(role.getRules())
        .anySatisfy(r -> {
          assertThat(r.getResources()).containsExactly("pods");
          assertThat(r.getVerbs()).contains("create", "delete", "get");
        });
    assertThat(clusterRole.getRules())
        .anySatisfy(r -> assertThat(r.getResources()).containsExactly("nodes"));
    assertThat(role.getRules()).allSatisfy(r -> assertThat(r.getVerbs()).doesNotContain("*"));
    assertThat(clusterRole.getRules())
        .allSatisfy(r -> assertThat(r.getVerbs()).doesNotContain("*"));
  }

  @Test
  @DisplayName("the operator's validator image variable applies when the policy names none")
  void theOperatorsValidatorImageVariableWhenThePolicyNamesNone() throws IOException {
    OperandContext context =
        new OperandContext(
            "gpu-operator", spec("{}"), "x", Map.of("VALIDATOR_IMAGE", "registry.local/v:1"));

    PodSpec pod = pod(OperatorValidatorDaemonSet.objects(context));

    assertThat(pod.getContainers().getFirst().getImage()).isEqualTo("registry.local/v:1");
    assertThat(env(init(pod, "cuda-validation")))
        .containsEntry("VALIDATOR_IMAGE", "registry.local/v:1")
        .containsEntry("VALIDATOR_IMAGE_PULL_POLICY", "")
        .doesNotContainKey("VALIDATOR_IMAGE_PULL_SECRETS");
    assertThat(env(init(pod, "plugin-validation"))).containsEntry("MIG_STRATEGY", "");
  }

  @Test
  @DisplayName("no image anywhere is refused, naming the field and the variable")
  void noImageAnywhereIsRefusedNamingTheFieldAndTheVariable() {
    assertThatThrownBy(() -> objects("{}"))
        .isInstanceOf(MissingImageException.class)
        .hasMessage(
            "no image for spec.validator: set its repository, image and version, or"
                + " VALIDATOR_IMAGE in the operator's environment");
  }
}
