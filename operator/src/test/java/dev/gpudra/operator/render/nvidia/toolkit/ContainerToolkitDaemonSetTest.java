package dev.gpudra.operator.render.nvidia.toolkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.api.clusterpolicy.Runtime;
import dev.gpudra.operator.render.MissingImageException;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.StateRefusedException;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ContainerToolkitDaemonSetTest {
  private static final String IMAGES =
      "toolkit: {repository: nvcr.io/nvidia/k8s, image: container-toolkit, version: v1.20.0}\n"
          + "validator: {repository: nvcr.io/nvidia/cloud-native, image: gpu-operator-validator,"
          + " version: v26.7.0}\n";

  private static ClusterPolicySpec spec(String yaml) throws IOException {
    return new ObjectMapper(new YAMLFactory()).readValue(yaml, ClusterPolicySpec.class);
  }

  private static List<HasMetadata> render(String yaml, Runtime runtime) throws IOException {
    return ContainerToolkitDaemonSet.objects(
        new OperandContext("gpu-operator", spec(yaml), "gpu-dra:1", Map.of(), runtime));
  }

  private static DaemonSet daemonSet(List<HasMetadata> objects) {
    return (DaemonSet) objects.getLast();
  }

  private static PodSpec pod(List<HasMetadata> objects) {
    return daemonSet(objects).getSpec().getTemplate().getSpec();
  }

  private static Container main(List<HasMetadata> objects) {
    return pod(objects).getContainers().getFirst();
  }

  private static Map<String, String> env(Container container) {
    return container.getEnv().stream()
        .filter(e -> e.getValue() != null)
        .collect(Collectors.toMap(EnvVar::getName, EnvVar::getValue));
  }

  private static Map<String, String> hostPaths(List<HasMetadata> objects) {
    return pod(objects).getVolumes().stream()
        .filter(v -> v.getHostPath() != null)
        .collect(Collectors.toMap(Volume::getName, v -> v.getHostPath().getPath()));
  }

  private static Map<String, String> mounts(Container container) {
    return container.getVolumeMounts().stream()
        .collect(Collectors.toMap(VolumeMount::getName, VolumeMount::getMountPath));
  }

  @Test
  @DisplayName("the toolkit image runs on its deploy label, as its account, with its entrypoint")
  void toolkitImageOnItsDeployLabelAsItsAccountWithItsEntrypoint() throws IOException {
    List<HasMetadata> objects =
        render(IMAGES.replace("v1.20.0}", "v1.20.0, imagePullSecrets: [ngc]}"), Runtime.CONTAINERD);

    assertThat(objects.getFirst()).isInstanceOf(ServiceAccount.class);
    assertThat(objects.getFirst().getMetadata().getName()).isEqualTo("nvidia-container-toolkit");
    DaemonSet ds = daemonSet(objects);
    assertThat(ds.getMetadata().getName()).isEqualTo("nvidia-container-toolkit-daemonset");
    assertThat(pod(objects).getNodeSelector())
        .containsExactly(Map.entry("nvidia.com/gpu.deploy.container-toolkit", "true"));
    assertThat(pod(objects).getServiceAccountName()).isEqualTo("nvidia-container-toolkit");
    assertThat(pod(objects).getHostPID()).isTrue();
    assertThat(main(objects).getName()).isEqualTo("nvidia-container-toolkit-ctr");
    assertThat(main(objects).getImage()).isEqualTo("nvcr.io/nvidia/k8s/container-toolkit:v1.20.0");
    assertThat(main(objects).getArgs()).containsExactly("/bin/entrypoint.sh");
    assertThat(main(objects).getSecurityContext().getPrivileged()).isTrue();
    assertThat(pod(objects).getImagePullSecrets())
        .extracting(r -> r.getName())
        .containsExactly("ngc");
    ConfigMap entrypoint =
        objects.stream()
            .filter(ConfigMap.class::isInstance)
            .map(ConfigMap.class::cast)
            .findFirst()
            .orElseThrow();
    assertThat(entrypoint.getMetadata().getName()).isEqualTo("nvidia-container-toolkit-entrypoint");
    assertThat(entrypoint.getData().get("entrypoint.sh"))
        .contains("/run/nvidia/validations/driver-ready")
        .contains("set -o allexport")
        .endsWith("exec nvidia-toolkit");
    assertThat(pod(objects).getVolumes())
        .filteredOn(v -> v.getName().equals("nvidia-container-toolkit-entrypoint"))
        .singleElement()
        .satisfies(v ->
            assertThat(v.getConfigMap().getName()).isEqualTo(entrypoint.getMetadata().getName()));
  }

  @Test
  @DisplayName("driver validation runs the validator in driver mode with its own pull settings")
  void driverValidationRunsTheValidatorInDriverModeWithItsOwnPullSettings() throws IOException {
    List<HasMetadata> objects =
        render(
            IMAGES.replace(
                    "v26.7.0}",
                    "v26.7.0, imagePullPolicy: Always, imagePullSecrets: [val],"
                        + " driver: {env: [{name: DISABLE_DEV_CHAR_SYMLINK_CREATION, value: 'true'}]}}")
                + "hostPaths: {driverInstallDir: /opt/nvidia/driver, rootFS: /host-fs}\n",
            Runtime.CONTAINERD);

    Container init = pod(objects).getInitContainers().getFirst();
    assertThat(init.getName()).isEqualTo("driver-validation");
    assertThat(init.getImage())
        .isEqualTo("nvcr.io/nvidia/cloud-native/gpu-operator-validator:v26.7.0");
    assertThat(init.getImagePullPolicy()).isEqualTo("Always");
    assertThat(main(objects).getImagePullPolicy()).isEqualTo("IfNotPresent");
    assertThat(init.getArgs()).containsExactly("nvidia-validator");
    assertThat(init.getSecurityContext().getRunAsUser()).isZero();
    assertThat(env(init))
        .containsEntry("COMPONENT", "driver")
        .containsEntry("WITH_WAIT", "true")
        .containsEntry("HOST_ROOT", "/host-fs")
        .containsEntry("DRIVER_INSTALL_DIR", "/opt/nvidia/driver")
        .containsEntry("DRIVER_INSTALL_DIR_CTR_PATH", "/opt/nvidia/driver")
        .containsEntry("DISABLE_DEV_CHAR_SYMLINK_CREATION", "true");
    assertThat(mounts(init))
        .containsEntry("driver-install-dir", "/opt/nvidia/driver")
        .containsEntry("run-nvidia-validations", "/run/nvidia/validations");
    assertThat(hostPaths(objects))
        .containsEntry("driver-install-dir", "/opt/nvidia/driver")
        .containsEntry("host-root", "/host-fs")
        .containsEntry("host-dev-char", "/host-fs/dev/char");
    assertThat(env(main(objects))).containsEntry("HOST_ROOT", "/host-fs");
    assertThat(pod(objects).getImagePullSecrets())
        .extracting(r -> r.getName())
        .containsExactly("val");
  }

  @Test
  @DisplayName(
      "containerd gets its config drop-in and its socket mounted under the runtime directory")
  void containerdGetsItsConfigDropInAndSocketMountedUnderRuntime() throws IOException {
    List<HasMetadata> objects =
        render(
            IMAGES + "operator: {defaultRuntime: containerd, runtimeClass: nv}\n",
            Runtime.CONTAINERD);

    assertThat(env(main(objects)))
        .containsEntry("RUNTIME", "containerd")
        .containsEntry("CONTAINERD_RUNTIME_CLASS", "nv")
        .containsEntry("RUNTIME_CONFIG", "/runtime/config-dir/config.toml")
        .containsEntry("CONTAINERD_CONFIG", "/runtime/config-dir/config.toml")
        .containsEntry("RUNTIME_DROP_IN_CONFIG", "/runtime/config-dir.d/99-nvidia.toml")
        .containsEntry("RUNTIME_DROP_IN_CONFIG_HOST_PATH", "/etc/containerd/conf.d/99-nvidia.toml")
        .containsEntry("RUNTIME_SOCKET", "/runtime/sock-dir/containerd.sock")
        .containsEntry("CONTAINERD_SOCKET", "/runtime/sock-dir/containerd.sock");
    assertThat(hostPaths(objects))
        .containsEntry("containerd-config", "/etc/containerd")
        .containsEntry("containerd-drop-in-config", "/etc/containerd/conf.d")
        .containsEntry("containerd-socket", "/run/containerd")
        .containsEntry("crio-hooks", "/run/containers/oci/hooks.d")
        .doesNotContainKey("nri-socket");
    assertThat(mounts(main(objects)))
        .containsEntry("containerd-config", "/runtime/config-dir/")
        .containsEntry("containerd-socket", "/runtime/sock-dir/");
  }

  @Test
  @DisplayName("the policy's runtime paths are mounted and rewritten to their mounted place")
  void thePolicysRuntimePathsAreMountedAndRewrittenToTheirMountedPlace() throws IOException {
    List<HasMetadata> objects =
        render(
            IMAGES.replace(
                "v1.20.0}",
                "v1.20.0, env: [{name: CONTAINERD_CONFIG,"
                    + " value: /var/lib/rancher/k3s/agent/etc/containerd/config.toml},"
                    + " {name: CONTAINERD_SOCKET, value: /run/k3s/containerd/containerd.sock},"
                    + " {name: RUNTIME_CONFIG_SOURCE, value: 'command,file=/etc/containerd/base.toml'}]}"),
            Runtime.CONTAINERD);

    assertThat(env(main(objects)))
        .containsEntry("CONTAINERD_CONFIG", "/runtime/config-dir/config.toml")
        .containsEntry("CONTAINERD_SOCKET", "/runtime/sock-dir/containerd.sock")
        .containsEntry("RUNTIME_CONFIG_SOURCE", "command,file=/host/etc/containerd/base.toml");
    assertThat(hostPaths(objects))
        .containsEntry("containerd-config", "/var/lib/rancher/k3s/agent/etc/containerd")
        .containsEntry("containerd-socket", "/run/k3s/containerd");
  }

  @Test
  @DisplayName("CRI-O has no socket, and without CDI gets the hook")
  void crioHasNoSocketAndWithoutCdiGetsTheHook() throws IOException {
    List<HasMetadata> objects = render(IMAGES + "cdi: {enabled: false}\n", Runtime.CRIO);

    assertThat(env(main(objects)))
        .containsEntry("RUNTIME", "crio")
        .containsEntry("CRIO_CONFIG", "/runtime/config-dir/config.toml")
        .containsEntry("RUNTIME_DROP_IN_CONFIG", "/runtime/config-dir.d/99-nvidia.conf")
        .containsEntry("CRIO_CONFIG_MODE", "hook")
        .doesNotContainKeys("CDI_ENABLED", "RUNTIME_SOCKET", "CONTAINERD_RUNTIME_CLASS");
    assertThat(hostPaths(objects))
        .containsEntry("crio-config", "/etc/crio")
        .containsEntry("crio-drop-in-config", "/etc/crio/crio.conf.d")
        .containsEntry("crio-hooks", "/usr/share/containers/oci/hooks.d")
        .doesNotContainKey("crio-socket");
  }

  @Test
  @DisplayName("Docker has no drop-in")
  void dockerHasNoDropIn() throws IOException {
    List<HasMetadata> objects = render(IMAGES, Runtime.DOCKER);

    assertThat(env(main(objects)))
        .containsEntry("RUNTIME", "docker")
        .containsEntry("DOCKER_CONFIG", "/runtime/config-dir/daemon.json")
        .containsEntry("DOCKER_SOCKET", "/runtime/sock-dir/docker.sock")
        .doesNotContainKey("RUNTIME_DROP_IN_CONFIG");
    assertThat(hostPaths(objects))
        .containsEntry("docker-config", "/etc/docker")
        .containsEntry("docker-socket", "/var/run")
        .doesNotContainKey("docker-drop-in-config");
  }

  @Test
  @DisplayName("CDI by default, and the NRI plugin only with CDI explicitly on")
  void cdiByDefaultAndTheNriPluginOnlyWithCdiExplicitlyOn() throws IOException {
    Map<String, String> byDefault = env(main(render(IMAGES, Runtime.CONTAINERD)));
    List<HasMetadata> nri =
        render(IMAGES + "cdi: {enabled: true, nriPluginEnabled: true}\n", Runtime.CONTAINERD);

    assertThat(byDefault)
        .containsEntry("CDI_ENABLED", "true")
        .containsEntry("NVIDIA_CONTAINER_RUNTIME_MODE", "cdi")
        .containsEntry("NVIDIA_RUNTIME_SET_AS_DEFAULT", "false")
        .containsEntry("CRIO_CONFIG_MODE", "config")
        .doesNotContainKeys("ENABLE_NRI_PLUGIN", "NRI_SOCKET");
    assertThat(env(main(nri)))
        .containsEntry("ENABLE_NRI_PLUGIN", "true")
        .containsEntry("NRI_SOCKET", "/runtime/nri-sock-dir/nri.sock");
    assertThat(hostPaths(nri)).containsEntry("nri-socket", "/var/run/nri");
  }

  @Test
  @DisplayName("installDir and the CDI root move their host paths")
  void installDirAndCdiRootMoveTheirHostPaths() throws IOException {
    List<HasMetadata> objects =
        render(
            IMAGES.replace("v1.20.0}", "v1.20.0, installDir: /opt/nvidia}")
                + "hostPaths: {cdiRoot: /etc/cdi}\n",
            Runtime.CONTAINERD);

    assertThat(env(main(objects))).containsEntry("ROOT", "/opt/nvidia");
    assertThat(mounts(main(objects)))
        .containsEntry("toolkit-install-dir", "/opt/nvidia")
        .containsEntry("cdi-root", "/var/run/cdi");
    assertThat(hostPaths(objects))
        .containsEntry("toolkit-install-dir", "/opt/nvidia")
        .containsEntry("cdi-root", "/etc/cdi")
        .containsEntry("driver-install-dir", "/run/nvidia/driver");
  }

  @Test
  @DisplayName("the policy's env overrides the asset's in place")
  void thePolicysEnvOverridesTheAssetsInPlace() throws IOException {
    Container main =
        main(
            render(
                IMAGES.replace(
                    "v1.20.0}",
                    "v1.20.0, env: [{name: NVIDIA_RUNTIME_SET_AS_DEFAULT, value: 'true'}]}"),
                Runtime.CONTAINERD));

    assertThat(main.getEnv())
        .extracting(EnvVar::getName)
        .containsOnlyOnce("NVIDIA_RUNTIME_SET_AS_DEFAULT")
        .startsWith("ROOT");
    assertThat(env(main)).containsEntry("NVIDIA_RUNTIME_SET_AS_DEFAULT", "true");
  }

  @Test
  @DisplayName("images come from the operator's variables when the policy names none")
  void imagesFromTheOperatorsVariablesWhenThePolicyNamesNone() throws IOException {
    OperandContext context =
        new OperandContext(
            "gpu-operator",
            spec("toolkit: {enabled: true}\n"),
            "gpu-dra:1",
            Map.of(
                "CONTAINER_TOOLKIT_IMAGE", "registry.local/toolkit:1",
                "VALIDATOR_IMAGE", "registry.local/validator:1"));

    PodSpec pod =
        daemonSet(ContainerToolkitDaemonSet.objects(context)).getSpec().getTemplate().getSpec();

    assertThat(pod.getContainers().getFirst().getImage()).isEqualTo("registry.local/toolkit:1");
    assertThat(pod.getInitContainers().getFirst().getImage())
        .isEqualTo("registry.local/validator:1");
  }

  @Test
  @DisplayName("no toolkit image is refused, naming the field and the variable")
  void noToolkitImageIsRefusedNamingTheFieldAndTheVariable() throws IOException {
    OperandContext context =
        new OperandContext("gpu-operator", spec("toolkit: {enabled: true}\n"), "x");

    assertThatThrownBy(() -> ContainerToolkitDaemonSet.objects(context))
        .isInstanceOf(MissingImageException.class)
        .hasMessageContaining("spec.toolkit")
        .hasMessageContaining("CONTAINER_TOOLKIT_IMAGE");
  }

  @Test
  @DisplayName("args are refused, as NVIDIA never applies them")
  void argsAreRefusedAsNvidiaNeverAppliesThem() {
    assertThatThrownBy(() ->
            render(IMAGES.replace("v1.20.0}", "v1.20.0, args: [--debug]}"), Runtime.CONTAINERD))
        .isInstanceOf(StateRefusedException.class)
        .hasMessageStartingWith("spec.toolkit.args:");
  }
}
