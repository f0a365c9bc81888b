package dev.gpudra.demo.operator;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OperatorDemoE2E {
  @Test
  @DisplayName(
      "gpu-dra demo --operator: the operator labels the node and applies the DRA driver, whose pod"
          + " starts the plugin there; a claim pod then runs with a GPU and is unprepared")
  void theOperatorBringsUpTheDraDriverThenAClaimPodRuns(@TempDir Path dir)
      throws InterruptedException {
    StringWriter text = new StringWriter();

    boolean ok = new OperatorDemo(new PrintWriter(text, true), dir).run();

    String out = text.toString();
    assertThat(ok).as(out).isTrue();
    assertThat(out)
        .contains("node gpu-node-op joined: NFD's label")
        .contains(
            "operator labelled gpu-node-op: nvidia.com/gpu.present=true,"
                + " nvidia.com/gpu.deploy.dra-driver=true")
        .contains("and DaemonSet gpu-operator/nvidia-dra-driver-kubelet-plugin")
        .containsPattern(
            "pod gpu-operator/nvidia-dra-driver-kubelet-plugin-\\S+ Ready on gpu-node-op: the"
                + " kubelet registered gpu.nvidia.com")
        .contains("gpu-node-op publishes 8 devices")
        .containsPattern("pod training Running on gpu-node-op with gpu-\\d; CDI devices")
        .contains("ClusterPolicy status: notReady (")
        .as("the DRA driver's state is ready; NVIDIA's validator is not built yet")
        .containsPattern("status: notReady .*state-operator-validation[^\\n]*\\]\\)")
        .doesNotContain("state-dra-driver])")
        .contains("pod deleted, its claim unprepared")
        .doesNotContain("UNEXPECTED");
  }
}
