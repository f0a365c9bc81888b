package dev.gpudra.operator.render.nvidia.sandbox;

import static dev.gpudra.operator.render.nvidia.sandbox.SandboxTestSupport.env;
import static dev.gpudra.operator.render.nvidia.sandbox.SandboxTestSupport.init;
import static dev.gpudra.operator.render.nvidia.sandbox.SandboxTestSupport.pod;
import static dev.gpudra.operator.render.nvidia.sandbox.SandboxTestSupport.rules;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.operator.render.MissingImageException;
import dev.gpudra.operator.render.OperandContext;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.LocalObjectReference;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class VfioManagerDaemonSetTest {
  static final Map<String, String> IMAGES =
      Map.of(
          "VFIO_MANAGER_IMAGE", "registry.local/k8s-driver-manager:v0.12.0",
          "DRIVER_MANAGER_IMAGE", "registry.local/k8s-driver-manager:v0.11.0");

  static OperandContext context(String yaml, Map<String, String> images) throws IOException {
    ClusterPolicySpec spec =
        new ObjectMapper(new YAMLFactory()).readValue(yaml, ClusterPolicySpec.class);
    // the GPU nodes run Ubuntu 24.04, as NFD labels them: the driver-like images' tags end in it
    return new OperandContext(
        "gpu-operator",
        spec,
        "x",
        images,
        dev.gpudra.api.clusterpolicy.Runtime.CONTAINERD,
        new java.util.TreeSet<>(java.util.Set.of("ubuntu24.04")),
        true);
  }

  @Test
  @DisplayName(
      "binds the node's GPUs to vfio-pci on its deploy label, behind the driver manager, selected"
          + " as NVIDIA selects its pods")
  void vfioManagerBindsBehindTheDriverManager() throws IOException {
    List<HasMetadata> objects =
        VfioManagerDaemonSet.objects(
            context(
                "vfioManager: {enabled: true, repository: nvcr.io/nvidia/cloud-native,"
                    + " image: k8s-driver-manager, version: v0.12.0, imagePullPolicy: Never,"
                    + " imagePullSecrets: [main], env: [{name: DEBUG, value: 'true'}],"
                    + " driverManager: {repository: nvcr.io/nvidia/cloud-native,"
                    + " image: k8s-driver-manager, version: v0.12.1, imagePullPolicy: Always,"
                    + " imagePullSecrets: [manager, main],"
                    + " env: [{name: ENABLE_GPU_POD_EVICTION, value: 'true'},"
                    + " {name: DRAIN_TIMEOUT_SECONDS, value: 60s}]}}\n",
                Map.of()));

    DaemonSet ds = (DaemonSet) objects.getLast();
    PodSpec pod = pod(objects);
    assertSelectedAsNvidiaSelects(ds, pod);
    assertBindsAndUnbinds(pod.getContainers().getFirst());
    assertDriverManager(init(pod, "k8s-driver-manager"));
    assertPodAccess(pod, objects);
  }

  /** Name, node selector, service account and labels, as NVIDIA's pods have them. */
  private static void assertSelectedAsNvidiaSelects(DaemonSet ds, PodSpec pod) {
    assertThat(ds.getMetadata().getName()).isEqualTo("nvidia-vfio-manager");
    assertThat(pod.getNodeSelector())
        .containsExactly(Map.entry("nvidia.com/gpu.deploy.vfio-manager", "true"));
    assertThat(pod.getServiceAccountName()).isEqualTo("nvidia-vfio-manager");
    assertThat(ds.getSpec().getSelector().getMatchLabels())
        .containsExactly(Map.entry("name", "nvidia-vfio-manager"));
    assertThat(ds.getSpec().getTemplate().getMetadata().getLabels())
        .containsEntry("name", "nvidia-vfio-manager")
        .containsEntry("app", "nvidia-vfio-manager");
  }

  /** The main container binds every GPU to vfio-pci, and unbinds them on stop. */
  private static void assertBindsAndUnbinds(Container main) {
    assertThat(main.getImage()).isEqualTo("nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.12.0");
    assertThat(main.getImagePullPolicy()).isEqualTo("Never");
    assertThat(main.getArgs())
        .containsExactly("vfio-manage bind --all && while true; do sleep 86400; done");
    assertThat(main.getLifecycle().getPreStop().getExec().getCommand())
        .containsExactly("/bin/sh", "-c", "vfio-manage unbind --all");
    assertThat(env(main, "HOST_ROOT")).isEqualTo("/host");
    assertThat(env(main, "DEBUG")).isEqualTo("true");
  }

  /** The driver manager init container unloads the driver first, with its own image and env. */
  private static void assertDriverManager(Container manager) {
    assertThat(manager.getImage())
        .isEqualTo("nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.12.1");
    assertThat(manager.getImagePullPolicy()).isEqualTo("Always");
    assertThat(manager.getArgs()).containsExactly("uninstall_driver");
    assertThat(manager.getEnv())
        .extracting(e -> e.getName())
        .containsExactly(
            "NODE_NAME",
            "NVIDIA_VISIBLE_DEVICES",
            "ENABLE_GPU_POD_EVICTION",
            "ENABLE_AUTO_DRAIN",
            "OPERATOR_NAMESPACE",
            "DRAIN_TIMEOUT_SECONDS");
    assertThat(env(manager, "ENABLE_GPU_POD_EVICTION")).isEqualTo("true");
    assertThat(env(manager, "ENABLE_AUTO_DRAIN")).isEqualTo("false");
  }

  /** Pull secrets, host paths and RBAC: no wildcard verbs, evictions only. */
  private static void assertPodAccess(PodSpec pod, List<HasMetadata> objects) {
    assertThat(pod.getImagePullSecrets())
        .extracting(LocalObjectReference::getName)
        .containsExactly("manager", "main");
    assertThat(pod.getVolumes())
        .extracting(v -> v.getHostPath().getPath())
        .containsExactly("/sys", "/lib/modules", "/run/nvidia", "/");
    assertThat(rules(objects)).flatExtracting(r -> r.getVerbs()).doesNotContain("*");
    assertThat(rules(objects))
        .anySatisfy(r -> {
          assertThat(r.getResources()).containsExactly("pods/eviction");
          assertThat(r.getVerbs()).containsExactly("create");
        });
  }

  @Test
  @DisplayName("the driver manager keeps the asset's pull policy when its block names none")
  void managerPullPolicyIsItsOwn() throws IOException {
    PodSpec pod =
        pod(
            VfioManagerDaemonSet.objects(
                context("vfioManager: {enabled: true, imagePullPolicy: Always}\n", IMAGES)));

    assertThat(pod.getContainers().getFirst().getImagePullPolicy()).isEqualTo("Always");
    assertThat(init(pod, "k8s-driver-manager").getImagePullPolicy()).isEqualTo("IfNotPresent");
  }

  @Test
  @DisplayName(
      "images fall back to the operator's variables, else the state is refused naming both")
  void imagesFromTheOperatorsVariables() throws IOException {
    PodSpec pod =
        pod(VfioManagerDaemonSet.objects(context("vfioManager: {enabled: true}\n", IMAGES)));

    assertThat(pod.getContainers().getFirst().getImage())
        .isEqualTo("registry.local/k8s-driver-manager:v0.12.0");
    assertThat(init(pod, "k8s-driver-manager").getImage())
        .isEqualTo("registry.local/k8s-driver-manager:v0.11.0");
    assertThat(pod.getContainers().getFirst().getResources().getLimits().get("memory"))
        .hasToString("200Mi");
    OperandContext noManager =
        context(
            "vfioManager: {enabled: true}\n",
            Map.of("VFIO_MANAGER_IMAGE", "registry.local/k8s-driver-manager:v0.12.0"));
    assertThatThrownBy(() -> VfioManagerDaemonSet.objects(noManager))
        .isInstanceOf(MissingImageException.class)
        .hasMessageContaining("spec.vfioManager.driverManager")
        .hasMessageContaining("DRIVER_MANAGER_IMAGE");
  }
}
