package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.tools.GpuDraTools;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code gpu-dra demo --real-control-plane}, as a user runs it from the checkout. */
class DemoCommandE2E {
  @Test
  @DisplayName("the demo on the real control plane: same scenarios, every decision predicted")
  void demoOnRealControlPlane() throws InterruptedException {
    RealControlPlane.binaryOrSkip();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = GpuDraTools.commandLine();
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));

    int code = cli.execute("demo", "--real-control-plane");

    String text = out.toString();
    assertThat(code).as(text + err).isZero();
    assertThat(text)
        .contains("gpu-dra-testcluster ready: https://127.0.0.1:")
        .contains("(Kubernetes v1.37.2, etcd embedded")
        .contains("kube-scheduler running (DynamicResources)")
        .contains("gpu-node-2 publishes 15 devices")
        .contains("PodScheduled=False: 0/7 nodes are available: 7 cannot allocate all claims")
        .contains("not-enough-devices: request gpu: 1 needed, 0 match on gpu-node-{1,2,3,4,5,6,dp}")
        .containsPattern(
            "mps     mps-control-daemon-[0-9a-f-]{36}-[\\w-]+ ready; told:"
                + " set_default_active_thread_percentage 50")
        // 27 where kube-scheduler puts the migration scenario's nvidia.com/gpu pod on a DRA node:
        // since 1.37 the extended resource is served through DRA by default, a tie it may break
        // either way (a pod on the device-plugin node is not a DRA decision)
        .containsPattern(
            "\\b(26|27) scheduling decisions checked against our allocator's prediction")
        .contains(
            "19 scenarios, 19 as expected, 0 not; every CDI spec removed, every GPU reset, every ComputeDomain gone")
        .doesNotContain("UNEXPECTED");
  }
}
