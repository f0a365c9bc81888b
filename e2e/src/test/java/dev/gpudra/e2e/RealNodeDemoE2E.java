package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.realcluster.node.HostTraces;
import dev.gpudra.realcluster.node.NodeTools;
import dev.gpudra.realcluster.node.RealNodeUnavailableException;
import dev.gpudra.tools.GpuDraTools;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import picocli.CommandLine;

/** {@code gpu-dra demo --real-node}, as a user runs it from the checkout. */
@ResourceLock(RealNodeFixture.HOST)
class RealNodeDemoE2E {
  @Test
  @DisplayName(
      "the demo on a real node: each scenario runs as its node and passes its expect.yaml,"
          + " leaving nothing on the host")
  void demoOnRealNode() throws InterruptedException {
    RealControlPlane.binaryOrSkip();
    try {
      NodeTools.checkMachine();
    } catch (RealNodeUnavailableException e) {
      System.err.println("real node E2E skipped: " + e.getMessage());
      Assumptions.abort(e.getMessage());
    }
    Path libs = ImageCli.libs();
    assertThat(libs).as("the image's classpath (build deployments/container)").isDirectory();
    Path tar = Path.of(System.getProperty("gpu-dra.image.tar", "target/no-image.tar"));
    assertThat(tar).as("the image tar (build deployments/image)").isRegularFile();
    boolean controlNodeBefore = Files.exists(Path.of("/dev/nvidiactl"));
    boolean vfioBefore = Files.exists(Path.of("/dev/vfio"));
    HostTraces host = HostTraces.take();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = GpuDraTools.commandLine();
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));

    int code =
        cli.execute(
            "demo",
            "--real-node",
            "--image-classpath=" + libs.toAbsolutePath() + "/*",
            "--image-tar=" + tar.toAbsolutePath());

    String text = out.toString();
    assertThat(code).as(text + err).isZero();
    assertScenarios(text);
    assertXidPassthroughMigration(text);
    assertMps(text);
    assertComputeDomain(text);
    assertThat(host.leftSince())
        .as("the node's traces on the host, removed when it stopped")
        .isEmpty();
    assertThat(Files.exists(Path.of("/dev/nvidiactl")))
        .as("placeholders removed after the demo, real device nodes kept")
        .isEqualTo(controlNodeBefore);
    assertThat(Files.exists(Path.of("/dev/vfio")))
        .as("the passthrough node's /dev/vfio placeholders removed with their directory")
        .isEqualTo(vfioBefore);
  }

  /** The scenarios as their nodes, those not run, and the summary. */
  private static void assertScenarios(String text) {
    assertThat(text)
        .contains("real node gpu-node-real Ready")
        .contains("gpu-kubelet-plugin plays gpu-node-1 (dgx-h100")
        .contains("gpu-kubelet-plugin plays gpu-node-3 (gb200-nvl")
        .containsPattern("pod trainer on gpu-node-real\\n    claim gpu, request gpu: gpu-\\d")
        .containsPattern(
            "container ctr saw /dev/nvidia-modeset /dev/nvidia-uvm /dev/nvidia-uvm-tools /dev/nvidia\\d /dev/nvidiactl")
        .contains("/dev/nvidia-caps/nvidia-cap")
        .contains("NVIDIA_VISIBLE_DEVICES=void")
        .contains("pod too-big: not scheduled: 0/1 nodes are available")
        .contains("PASS dynamic-mig")
        .contains("PASS consumable-shares")
        .contains("19 scenarios on the real node gpu-node-real: 19 passed, 0 failed")
        .containsPattern(
            "pod trainer evicted by DeviceTaintRule drain-gpu-6: EvictionInProgress=False")
        .contains("PASS gpu-drain")
        .doesNotContain(": not run on the real node")
        .doesNotContain("FAIL");
  }

  /**
   * unhealthy-gpu with the plugin a process (XID 79 on gpu-7 through its simulated NVML's inbox,
   * selected by its UUID), gpu-passthrough on the sysfs stand-in, migration with the classic device
   * plugin beside it.
   */
  private static void assertXidPassthroughMigration(String text) {
    assertThat(text)
        .contains("gpu-kubelet-plugin plays gpu-node-2 (dgx-a100-mig")
        .doesNotContain("in the demo's JVM")
        .contains("gpu-node-2/gpu-7 reported XID 79: the plugin tainted gpu-7")
        .contains("the gpu-node-2 GPU UUIDs its manifests name: those of gpu-node-real's GPUs")
        .contains("pod trainer: not scheduled: 0/1 nodes are available")
        .containsPattern(
            "pod gpu-diagnostics on gpu-node-real\\n    claim gpu, request gpu: gpu-7;"
                + " status.devices Ready=False\\n")
        .contains("PASS unhealthy-gpu")
        .contains("gpu-kubelet-plugin plays gpu-node-5 (t4")
        .containsPattern(
            "pod virt-launcher on gpu-node-real\\n    claim gpu, request vm-gpu: gpu-vfio-\\d")
        .containsPattern("container compute saw [^\\n]*/dev/vfio/1\\d")
        .containsPattern("\\n      metadata: gpu-vfio-\\d uuid [0-9a-f-]{36}\\n")
        .contains("PASS gpu-passthrough")
        .containsPattern("pod inventory on gpu-node-real\\n    claim gpus, request gpu: gpu-\\d")
        .containsPattern(
            "\\n      metadata: gpu-0-mig-1g5gb-\\d+-\\d uuid MIG-[^;]+; gpu-\\d uuid GPU-")
        .contains("PASS device-metadata")
        .containsPattern(
            "pod side-by-side on gpu-node-real\\n    claim both, request slice: gpu-\\d-mig-1g23gb")
        .contains("PASS mig-or-vm")
        .contains("the classic device plugin plays gpu-node-dp (t4, simulated) beside it: 4")
        .containsPattern(
            "pod trainer on gpu-node-real\\n    container ctr saw [^\\n]*\\n      NVIDIA_VISIBLE_DEVICES=GPU-")
        .containsPattern(
            "pod trainer-migrated on gpu-node-real\\n    claim ctr-gpu, request gpu: gpu-\\d")
        .contains("PASS migration");
  }

  /**
   * compute-domain: the controller and the compute-domain plugin as processes, the node in the
   * GB200 clique, worker-0 with IMEX channel 0 once its daemon (our image) is Ready; worker-1,
   * which needs a second tray, refused for its claim, as the note says.
   */
  private static void assertComputeDomain(String text) {
    assertThat(text)
        .contains(
            "the ComputeDomain controller and the compute-domain kubelet plugin run beside it;"
                + " the plugin labelled the node nvidia.com/gpu.clique="
                + "4c3d2b1a-5e6f-4a7b-8c9d-0e1f2a3b4c5d.32766")
        .containsPattern(
            "pod worker-0 on gpu-node-real\\n    claim imex-channel, request [^:]+: channel-0"
                + "; status.devices Ready=True\\n"
                + "    container ctr saw [^\\n]*/dev/nvidia-caps-imex-channels/channel0")
        .contains("pod worker-1: not scheduled: 0/1 nodes are available")
        .contains("on one real node: worker-1 expects a GB200 tray of its own")
        .contains("PASS compute-domain");
  }

  /** mps: our image imported into containerd, the claim's control daemon ready for both pods. */
  private static void assertMps(String text) {
    assertThat(text)
        .contains("imported into the node's containerd as [docker.io/library/gpu-dra:real-node")
        .containsPattern(
            "pod mps-clients on gpu-node-real\\n(    [^\\n]*\\n)*    mps     mps-control-daemon-[0-9a-f-]+ ready")
        .contains("PASS mps");
  }
}
