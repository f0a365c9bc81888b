package dev.gpudra.operator.render.nvidia.driver;

import static dev.gpudra.operator.nvidiadriver.NvidiaDrivers.driver;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.api.clusterpolicy.Runtime;
import dev.gpudra.api.nvidiadriver.NvidiaDriver;
import dev.gpudra.operator.nvidiadriver.DriverNames;
import dev.gpudra.operator.nvidiadriver.DriverPool;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.StateRefusedException;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class NvidiaDriverDaemonSetTest {
  private static final String IMAGE =
      "{repository: nvcr.io/nvidia, image: driver, version: 580.95.05,"
          + " manager: {repository: nvcr.io/nvidia/cloud-native, image: k8s-driver-manager,"
          + " version: v0.9.0}";
  private static final DriverPool POOL =
      new DriverPool(
          "h100",
          "ubuntu24.04",
          Map.of(
              "pool", "h100",
              "nvidia.com/gpu.present", "true",
              "nvidia.com/gpu-operator.driver.owner", "h100",
              "feature.node.kubernetes.io/system-os_release.ID", "ubuntu",
              "feature.node.kubernetes.io/system-os_release.VERSION_ID", "24.04"),
          List.of("n1"));

  private static OperandContext context() throws IOException {
    ClusterPolicySpec policy =
        new ObjectMapper(new YAMLFactory())
            .readValue(
                "daemonsets: {labels: {team: policy}, priorityClassName: policy-class}\n"
                    + "driver: {useNvidiaDriverCRD: true, version: 1.0}\n",
                ClusterPolicySpec.class);
    return new OperandContext(
        "gpu-operator", policy, "gpu-dra:1", Map.of(), Runtime.CONTAINERD, new TreeSet<>(), true);
  }

  private static NvidiaDriverDaemonSet.Rendered render(String more) throws IOException {
    NvidiaDriver nvd = driver("h100", IMAGE + (more.isEmpty() ? "" : ", " + more) + "}");
    return NvidiaDriverDaemonSet.render(context(), nvd, POOL);
  }

  @Test
  @DisplayName("NVIDIA's name, app label, pool selector, OS-tagged image, OnDelete")
  void shape() throws IOException {
    DaemonSet ds = render("").daemonSet();
    String name =
        DriverNames.appName(
            "uid-h100", dev.gpudra.api.nvidiadriver.NvidiaDriverType.GPU, "ubuntu24.04");
    assertThat(ds.getMetadata().getName())
        .isEqualTo(name)
        .startsWith("nvidia-gpu-driver-ubuntu24.04-");
    assertThat(ds.getSpec().getSelector().getMatchLabels()).containsExactly(Map.entry("app", name));
    assertThat(ds.getSpec().getTemplate().getMetadata().getLabels())
        .containsEntry("app", name)
        .containsEntry("app.kubernetes.io/component", "nvidia-driver")
        .containsEntry("nvidia.com/node.os-version", "ubuntu24.04")
        // the ClusterPolicy's daemonsets settings are not an NVIDIADriver's
        .doesNotContainKey("team");
    PodSpec pod = ds.getSpec().getTemplate().getSpec();
    assertThat(pod.getNodeSelector())
        .containsEntry("nvidia.com/gpu.deploy.driver", "true")
        .containsAllEntriesOf(POOL.nodeSelector());
    assertThat(pod.getPriorityClassName()).isNull();
    assertThat(ds.getSpec().getUpdateStrategy().getType()).isEqualTo("OnDelete");
    assertThat(driverContainer(pod).getImage())
        .isEqualTo("nvcr.io/nvidia/driver:580.95.05-ubuntu24.04");
    assertThat(pod.getAffinity().getPodAntiAffinity()).isNotNull();
  }

  @Test
  @DisplayName("its labels (not app ones), annotations, tolerations after NVIDIA's, affinity")
  void podSettings() throws IOException {
    DaemonSet ds =
        render(
                "labels: {team: ml, app: no, app.kubernetes.io/name: no}, annotations: {a: b},"
                    + " tolerations: [{key: dedicated, operator: Exists}],"
                    + " priorityClassName: system-node-critical,"
                    + " nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution:"
                    + " {nodeSelectorTerms: [{matchExpressions: [{key: zone, operator: In,"
                    + " values: [a]}]}]}}, env: [{name: X, value: 'y'}]")
            .daemonSet();
    PodSpec pod = ds.getSpec().getTemplate().getSpec();
    assertThat(ds.getSpec().getTemplate().getMetadata().getLabels())
        .containsEntry("team", "ml")
        .doesNotContainKey("app.kubernetes.io/name")
        .doesNotContainEntry("app", "no");
    assertThat(ds.getSpec().getTemplate().getMetadata().getAnnotations()).containsEntry("a", "b");
    assertThat(pod.getTolerations())
        .extracting(Toleration::getKey)
        .containsExactly("nvidia.com/gpu", "dedicated");
    assertThat(pod.getPriorityClassName()).isEqualTo("system-node-critical");
    assertThat(
            pod.getAffinity().getNodeAffinity().getRequiredDuringSchedulingIgnoredDuringExecution())
        .isNotNull();
    assertThat(pod.getAffinity().getPodAntiAffinity()).isNotNull();
    assertThat(driverContainer(pod).getEnv())
        .anySatisfy(e -> assertThat(e.getName()).isEqualTo("X"));
  }

  @Test
  @DisplayName("what is not built is refused naming the NVIDIADriver and its field")
  void refusals() {
    assertThatThrownBy(() -> render("driverType: vgpu"))
        .isInstanceOf(StateRefusedException.class)
        .hasMessageStartingWith("NVIDIADriver h100: spec.driverType vgpu");
    assertThatThrownBy(() -> render("repoConfig: {name: repos}"))
        .hasMessageStartingWith("NVIDIADriver h100: spec.repoConfig:");
    assertThatThrownBy(() -> render("usePrecompiled: true"))
        .hasMessageStartingWith("NVIDIADriver h100: spec.usePrecompiled:");
  }

  private static Container driverContainer(PodSpec pod) {
    return pod.getContainers().stream()
        .filter(c -> c.getName().equals("nvidia-driver-ctr"))
        .findFirst()
        .orElseThrow();
  }
}
