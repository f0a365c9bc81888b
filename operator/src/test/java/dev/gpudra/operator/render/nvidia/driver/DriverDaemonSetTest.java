package dev.gpudra.operator.render.nvidia.driver;

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
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class DriverDaemonSetTest {
  private static final String IMAGES =
      "driver: {repository: nvcr.io/nvidia, image: driver, version: 595.91.07,"
          + " manager: {repository: nvcr.io/nvidia/cloud-native, image: k8s-driver-manager,"
          + " version: v0.12.0}}\n";

  private static ClusterPolicySpec spec(String yaml) throws IOException {
    return new ObjectMapper(new YAMLFactory()).readValue(yaml, ClusterPolicySpec.class);
  }

  private static List<HasMetadata> render(String yaml) throws IOException {
    return DriverDaemonSet.objects(context(spec(yaml), Map.of(), "ubuntu24.04"));
  }

  /** The GPU nodes run {@code os}, as NFD labels them. */
  private static OperandContext context(
      ClusterPolicySpec spec, Map<String, String> images, String... os) {
    return new OperandContext(
        "gpu-operator",
        spec,
        "gpu-dra:1",
        images,
        Runtime.CONTAINERD,
        new TreeSet<>(Set.of(os)),
        true);
  }

  /** The driver block with {@code more} added to it. */
  private static String driver(String more) {
    return IMAGES.replace("v0.12.0}}", "v0.12.0}, " + more + "}");
  }

  private static DaemonSet ds(List<HasMetadata> objects) {
    return (DaemonSet) objects.getLast();
  }

  private static PodSpec pod(List<HasMetadata> objects) {
    return ds(objects).getSpec().getTemplate().getSpec();
  }

  private static Container container(List<HasMetadata> objects, String name) {
    PodSpec pod = pod(objects);
    return java.util.stream.Stream.concat(
            pod.getInitContainers().stream(), pod.getContainers().stream())
        .filter(c -> c.getName().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no container " + name));
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

  private static Map<String, VolumeMount> mounts(Container container) {
    return container.getVolumeMounts().stream()
        .collect(Collectors.toMap(VolumeMount::getMountPath, m -> m));
  }

  @Test
  @DisplayName("the driver and its manager run on the driver label, always OnDelete")
  void driverAndManagerOnTheDriverLabelAlwaysOnDelete() throws IOException {
    List<HasMetadata> objects =
        render(
            driver("imagePullPolicy: Always, imagePullSecrets: [ngc], args: [init, --debug]")
                + "daemonsets: {updateStrategy: RollingUpdate, rollingUpdate: {maxUnavailable: '5'}}\n");

    DaemonSet ds = ds(objects);
    assertThat(ds.getMetadata().getName()).isEqualTo("nvidia-driver-daemonset");
    assertThat(ds.getSpec().getUpdateStrategy().getType()).isEqualTo("OnDelete");
    assertThat(ds.getSpec().getUpdateStrategy().getRollingUpdate()).isNull();
    assertThat(ds.getMetadata().getLabels())
        .containsEntry("app", "nvidia-driver-daemonset")
        .containsEntry("app.kubernetes.io/component", "nvidia-driver")
        .containsEntry("nvidia.com/precompiled", "false");
    assertThat(pod(objects).getNodeSelector())
        .containsExactly(Map.entry("nvidia.com/gpu.deploy.driver", "true"));
    assertThat(pod(objects).getServiceAccountName()).isEqualTo("nvidia-driver");
    assertThat(pod(objects).getHostPID()).isTrue();
    assertThat(pod(objects).getAffinity().getPodAntiAffinity()).isNotNull();
    Container driver = container(objects, "nvidia-driver-ctr");
    assertThat(driver.getImage()).isEqualTo("nvcr.io/nvidia/driver:595.91.07-ubuntu24.04");
    assertThat(driver.getImagePullPolicy()).isEqualTo("Always");
    assertThat(driver.getArgs()).containsExactly("init", "--debug");
    assertThat(driver.getStartupProbe().getExec().getCommand())
        .containsExactly("sh", "/usr/local/bin/startup-probe.sh");
    Container manager = pod(objects).getInitContainers().getFirst();
    assertThat(manager.getName()).isEqualTo("k8s-driver-manager");
    assertThat(manager.getImage())
        .isEqualTo("nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.12.0");
    assertThat(manager.getImagePullPolicy()).isEqualTo("IfNotPresent");
    assertThat(env(manager))
        .containsEntry("ENABLE_GPU_POD_EVICTION", "true")
        .containsEntry("ENABLE_AUTO_DRAIN", "false")
        .containsKey("DRIVER_CONFIG_DIGEST");
    assertThat(env(driver).get("DRIVER_CONFIG_DIGEST"))
        .isEqualTo(env(manager).get("DRIVER_CONFIG_DIGEST"));
    assertThat(pod(objects).getImagePullSecrets())
        .extracting(r -> r.getName())
        .containsExactly("ngc");
    assertThat(pod(objects).getContainers())
        .extracting(Container::getName)
        .containsExactly("nvidia-driver-ctr");
  }

  @Test
  @DisplayName("RBAC and the startup probe script are NVIDIA's")
  void rbacAndTheStartupProbeScript() throws IOException {
    List<HasMetadata> objects = render(IMAGES);

    ClusterRole role =
        objects.stream()
            .filter(ClusterRole.class::isInstance)
            .map(ClusterRole.class::cast)
            .findFirst()
            .orElseThrow();
    assertThat(role.getMetadata().getName()).isEqualTo("nvidia-driver");
    assertThat(role.getRules()).allSatisfy(r -> assertThat(r.getVerbs()).doesNotContain("*"));
    assertThat(role.getRules())
        .anySatisfy(r -> {
          assertThat(r.getResources()).containsExactly("pods/eviction");
          assertThat(r.getVerbs()).contains("create");
        });
    ConfigMap probe =
        objects.stream()
            .filter(ConfigMap.class::isInstance)
            .map(ConfigMap.class::cast)
            .findFirst()
            .orElseThrow();
    assertThat(probe.getMetadata().getName()).isEqualTo("nvidia-driver-startup-probe");
    assertThat(probe.getData().get("startup-probe.sh"))
        .contains("nvidia-smi")
        .contains("/run/nvidia/validations/.driver-ctr-ready");
    assertThat(pod(objects).getVolumes())
        .filteredOn(v -> v.getConfigMap() != null)
        .extracting(v -> v.getConfigMap().getName())
        .containsExactly("nvidia-driver-startup-probe");
  }

  @Test
  @DisplayName("images come from the operator's variables when the policy names none")
  void imagesFromTheOperatorsVariablesWhenThePolicyNamesNone() throws IOException {
    OperandContext context =
        context(
            spec("driver: {enabled: true}\n"),
            Map.of(
                "DRIVER_IMAGE", "registry.local/driver:595.91.07",
                "DRIVER_MANAGER_IMAGE", "registry.local/manager:1"),
            "rhel9");

    PodSpec pod = ds(DriverDaemonSet.objects(context)).getSpec().getTemplate().getSpec();

    assertThat(pod.getContainers().getFirst().getImage())
        .isEqualTo("registry.local/driver:595.91.07-rhel9");
    assertThat(pod.getInitContainers().getFirst().getImage()).isEqualTo("registry.local/manager:1");
  }

  @Test
  @DisplayName("no manager image is refused, naming its field and variable")
  void noManagerImageIsRefusedNamingItsFieldAndVariable() {
    assertThatThrownBy(
            () -> render("driver: {repository: r, image: driver, version: '1-ubuntu24.04'}\n"))
        .isInstanceOf(MissingImageException.class)
        .hasMessageContaining("spec.driver.manager")
        .hasMessageContaining("DRIVER_MANAGER_IMAGE");
  }

  @Test
  @DisplayName("the spec's variables, kernel modules, probes and manager env are rendered")
  void specVariablesKernelModulesProbeAndManagerEnv() throws IOException {
    List<HasMetadata> objects =
        render(
            driver(
                    "kernelModuleType: open, env: [{name: KERNEL_MODULE_TYPE, value: proprietary},"
                        + " {name: EXTRA, value: x}], startupProbe: {initialDelaySeconds: 5,"
                        + " failureThreshold: 300}, secretEnv: driver-secrets,"
                        + " resources: {limits: {memory: 2Gi}}")
                .replace(
                    "version: v0.12.0}",
                    "version: v0.12.0, env: [{name: ENABLE_AUTO_DRAIN, value: 'true'},"
                        + " {name: NODE_LABEL_FOR_GPU_POD_EVICTION, value: nvidia.com/dra}]}"));

    Container driver = container(objects, "nvidia-driver-ctr");
    assertThat(env(driver))
        .containsEntry("KERNEL_MODULE_TYPE", "proprietary")
        .containsEntry("OPEN_KERNEL_MODULES_ENABLED", "true")
        .containsEntry("EXTRA", "x");
    assertThat(driver.getEnv()).extracting(EnvVar::getName).containsOnlyOnce("KERNEL_MODULE_TYPE");
    assertThat(driver.getStartupProbe().getInitialDelaySeconds()).isEqualTo(5);
    assertThat(driver.getStartupProbe().getFailureThreshold()).isEqualTo(300);
    assertThat(driver.getStartupProbe().getPeriodSeconds()).isEqualTo(10);
    assertThat(driver.getEnvFrom().getFirst().getSecretRef().getName()).isEqualTo("driver-secrets");
    assertThat(driver.getResources().getLimits()).containsKey("memory");
    Container manager = container(objects, "k8s-driver-manager");
    assertThat(env(manager))
        .containsEntry("ENABLE_AUTO_DRAIN", "true")
        .containsEntry("NODE_LABEL_FOR_GPU_POD_EVICTION", "nvidia.com/dra");
    assertThat(manager.getResources()).isNull();
  }

  @Test
  @DisplayName("kernelModuleType is auto when absent, as the CRD defaults it")
  void kernelModuleTypeIsAutoWhenAbsentAsTheCrdDefaultsIt() throws IOException {
    Container driver = container(render(IMAGES), "nvidia-driver-ctr");

    assertThat(env(driver))
        .containsEntry("KERNEL_MODULE_TYPE", "auto")
        .doesNotContainKeys(
            "OPEN_KERNEL_MODULES_ENABLED", "GDS_ENABLED", "GPU_DIRECT_RDMA_ENABLED");
  }

  @Test
  @DisplayName("RDMA adds peermem from the driver image, and host MOFED builds against /usr/src")
  void rdmaAddsPeermemFromTheDriverImageAndHostMofedBuildsAgainstUsrSrc() throws IOException {
    List<HasMetadata> objects = render(driver("rdma: {enabled: true, useHostMofed: true}"));

    Container peermem = container(objects, "nvidia-peermem-ctr");
    assertThat(peermem.getImage()).isEqualTo("nvcr.io/nvidia/driver:595.91.07-ubuntu24.04");
    assertThat(peermem.getArgs()).containsExactly("reload_nvidia_peermem");
    assertThat(env(peermem)).containsEntry("USE_HOST_MOFED", "true");
    assertThat(env(container(objects, "nvidia-driver-ctr")))
        .containsEntry("GPU_DIRECT_RDMA_ENABLED", "true")
        .containsEntry("USE_HOST_MOFED", "true");
    assertThat(env(container(objects, "k8s-driver-manager")))
        .containsEntry("GPU_DIRECT_RDMA_ENABLED", "true");
    assertThat(hostPaths(objects)).containsEntry("mlnx-ofed-usr-src", "/usr/src");
  }

  @Test
  @DisplayName("GDS and GDRCopy sidecars come with their own images and variables")
  void gdsAndGdrcopySidecarsWithTheirOwnImagesAndVariables() throws IOException {
    List<HasMetadata> objects =
        render(
            driver("secretEnv: s")
                + "gds: {enabled: true, repository: nvcr.io/nvidia/cloud-native,"
                + " image: nvidia-fs, version: 2.29.4, imagePullPolicy: Never,"
                + " imagePullSecrets: [gds], env: [{name: A, value: b}]}\n"
                + "gdrcopy: {enabled: true, repository: nvcr.io/nvidia/cloud-native,"
                + " image: gdrdrv, version: v2.6}\n");

    Container gds = container(objects, "nvidia-fs-ctr");
    assertThat(gds.getImage())
        .isEqualTo("nvcr.io/nvidia/cloud-native/nvidia-fs:2.29.4-ubuntu24.04");
    assertThat(gds.getImagePullPolicy()).isEqualTo("Never");
    assertThat(env(gds)).containsEntry("A", "b");
    assertThat(gds.getEnvFrom()).extracting(e -> e.getSecretRef().getName()).containsExactly("s");
    assertThat(gds.getStartupProbe().getExec().getCommand()).contains("lsmod | grep nvidia_fs");
    Container gdrcopy = container(objects, "nvidia-gdrcopy-ctr");
    assertThat(gdrcopy.getImage()).isEqualTo("nvcr.io/nvidia/cloud-native/gdrdrv:v2.6-ubuntu24.04");
    assertThat(gdrcopy.getArgs().getFirst()).contains("exec nvidia-gdrcopy-driver install");
    assertThat(env(container(objects, "nvidia-driver-ctr")))
        .containsEntry("GDS_ENABLED", "true")
        .containsEntry("GDRCOPY_ENABLED", "true");
    assertThat(pod(objects).getImagePullSecrets())
        .extracting(r -> r.getName())
        .containsExactly("gds");
  }

  @Test
  @DisplayName("licensing and topology files are mounted by their keys")
  void licensingAndTopologyFilesMountedByTheirKeys() throws IOException {
    List<HasMetadata> objects =
        render(
            driver(
                "licensingConfig: {secretName: licensing, nlsEnabled: true},"
                    + " virtualTopology: {config: topology}"));

    Map<String, VolumeMount> mounts = mounts(container(objects, "nvidia-driver-ctr"));
    assertThat(mounts.get("/drivers/gridd.conf").getSubPath()).isEqualTo("gridd.conf");
    assertThat(mounts.get("/drivers/ClientConfigToken/client_configuration_token.tok").getSubPath())
        .isEqualTo("client_configuration_token.tok");
    assertThat(mounts.get("/etc/nvidia/nvidia-topologyd.conf").getName())
        .isEqualTo("topology-config");
    Volume licensing =
        pod(objects).getVolumes().stream()
            .filter(v -> v.getName().equals("licensing-config"))
            .findFirst()
            .orElseThrow();
    assertThat(licensing.getSecret().getSecretName()).isEqualTo("licensing");
    assertThat(licensing.getSecret().getItems())
        .extracting(i -> i.getKey())
        .containsExactly("gridd.conf", "client_configuration_token.tok");
  }

  @Test
  @DisplayName("a custom root FS is the host root of every container")
  void aCustomRootFsIsTheHostRootOfEveryContainer() throws IOException {
    List<HasMetadata> objects =
        render(driver("rdma: {enabled: true}") + "hostPaths: {rootFS: /host-fs}\n");

    assertThat(hostPaths(objects)).containsEntry("host-root", "/host-fs");
    assertThat(List.of("k8s-driver-manager", "nvidia-driver-ctr", "nvidia-peermem-ctr"))
        .allSatisfy(name ->
            assertThat(env(container(objects, name))).containsEntry("HOST_ROOT", "/host-fs"));
  }

  @Test
  @DisplayName("the digest follows the configuration")
  void theDigestFollowsTheConfiguration() throws IOException {
    String a = env(container(render(IMAGES), "nvidia-driver-ctr")).get("DRIVER_CONFIG_DIGEST");
    String b =
        env(container(render(driver("env: [{name: X, value: y}]")), "nvidia-driver-ctr"))
            .get("DRIVER_CONFIG_DIGEST");

    assertThat(a)
        .isEqualTo(env(container(render(IMAGES), "nvidia-driver-ctr")).get("DRIVER_CONFIG_DIGEST"));
    assertThat(a).isNotEqualTo(b);
  }

  @Test
  @DisplayName("settings that cannot be rendered are refused, naming the field")
  void settingsThatCannotBeRenderedAreRefusedNamingTheField() {
    Map<String, String> refused =
        Map.of(
            driver("usePrecompiled: true"),
            "spec.driver.usePrecompiled:",
            driver("livenessProbe: {periodSeconds: 5}"),
            "spec.driver.livenessProbe:",
            driver("readinessProbe: {periodSeconds: 5}"),
            "spec.driver.readinessProbe:",
            driver("repoConfig: {configMapName: repos}"),
            "spec.driver.repoConfig:",
            driver("certConfig: {name: certs}"),
            "spec.driver.certConfig:",
            driver("kernelModuleConfig: {name: params}"),
            "spec.driver.kernelModuleConfig:",
            IMAGES + "gds: {enabled: true, image: x, args: [-v]}\n",
            "spec.gds.args:");

    refused.forEach((yaml, field) ->
        assertThatThrownBy(() -> render(yaml))
            .isInstanceOf(StateRefusedException.class)
            .hasMessageStartingWith(field));
  }

  @Test
  @DisplayName(
      "the tag ends in the node's OS, a digest stays as it is, and no OS or several are refused")
  void theTagEndsInTheNodesOsADigestAsItIsAndNoOrSeveralOsesAreRefused() throws IOException {
    ClusterPolicySpec digest =
        spec(
            "driver: {repository: r, image: driver, version: 'sha256:0123abcd',"
                + " manager: {image: 'r/manager:1'}}\n");

    assertThat(
            ds(DriverDaemonSet.objects(context(digest, Map.of())))
                .getSpec()
                .getTemplate()
                .getSpec()
                .getContainers()
                .getFirst()
                .getImage())
        .isEqualTo("r/driver@sha256:0123abcd");
    assertThatThrownBy(() -> DriverDaemonSet.objects(context(spec(IMAGES), Map.of())))
        .isInstanceOf(StateRefusedException.class)
        .hasMessageStartingWith("spec.driver: NVIDIA's driver image tags end in the GPU nodes' OS")
        .hasMessageContaining("feature.node.kubernetes.io/system-os_release.ID");
    assertThatThrownBy(
            () -> DriverDaemonSet.objects(context(spec(IMAGES), Map.of(), "rhel9", "ubuntu22.04")))
        .isInstanceOf(StateRefusedException.class)
        .hasMessageStartingWith("spec.driver: the GPU nodes run [rhel9, ubuntu22.04]");
  }
}
