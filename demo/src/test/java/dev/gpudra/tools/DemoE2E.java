package dev.gpudra.tools;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.demo.Demo;
import dev.gpudra.demo.SpecLibrary;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The README's first command, end to end: every scenario ends as its spec folder says. */
class DemoE2E {
  @Test
  @DisplayName(
      "the demo runs every demo/specs scenario, says in a line per reason why a pod fits nowhere,"
          + " cleans up")
  void demoRuns(@TempDir Path dir) throws InterruptedException {
    StringWriter out = new StringWriter();
    boolean ok =
        new Demo(new PrintWriter(out, true), dir, SpecLibrary.packaged().orElseThrow()).run();
    String text = out.toString();
    assertThat(ok).as(verdict(text)).isTrue();
    assertThat(text)
        .contains(
            "19 scenarios, 19 as expected, 0 not; every CDI spec removed, every GPU reset, every ComputeDomain gone")
        .contains("installed DeviceClasses gpu.nvidia.com mig.nvidia.com")
        .contains("gpu-node-1 publishes 8 devices")
        .contains("gpu-node-2 publishes 15 devices")
        .contains(
            "gpu-node-3 publishes 108 devices: gpu-0 gpu-vfio-0 gpu-1 gpu-vfio-1 gpu-2 gpu-vfio-2"
                + " gpu-3 gpu-vfio-3 and 100 MIG devices")
        // mig-or-vm's pending pod: which device lines the summary shows depends on the devices'
        // order (explain lists every one, compatibility groups included:
        // AllocatorCompatibilityGroupsTest)
        .contains(
            "no-combination on gpu-node-3: each request has enough matching devices on its own")
        .containsPattern("cdi +k8s\\.gpu\\.nvidia\\.com/claim=[0-9a-f-]{36}-gpu-0-mig-1g5gb-19-\\d")
        .containsPattern(
            "\n      metadata: gpu-0-mig-1g5gb-19-\\d uuid MIG-[0-9a-f-]{36}; gpu-\\d uuid GPU-")
        .contains("/dev/nvidia-caps/nvidia-cap")
        .contains("NVIDIA_VISIBLE_DEVICES=void")
        .contains("(request gpu/any-gpu)")
        .contains("gpu-node-4 publishes 4 devices")
        .containsPattern(
            "device gpu\\.nvidia\\.com/gpu-node-4/gpu-0 \\(request gpu\\); share [0-9a-f-]{36},"
                + " consumes memory 20Gi")
        .contains(
            "gpu-node-5 publishes 8 devices: gpu-0 gpu-1 gpu-2 gpu-3 gpu-vfio-0 gpu-vfio-1"
                + " gpu-vfio-2 gpu-vfio-3")
        .containsPattern("device gpu\\.nvidia\\.com/gpu-node-5/gpu-vfio-\\d \\(request vm-gpu\\)")
        .containsPattern("nodes [^;\\n]*/dev/vfio/1\\d;")
        .containsPattern(
            "gpu\\.nvidia\\.com/gpu-node-1/gpu-\\d \\(request gpu\\); GPU compute mode EXCLUSIVE_PROCESS")
        .containsPattern(
            "mount /dev/shm <- \\S+/gpu-node-1/plugins/gpu\\.nvidia\\.com/mps/[0-9a-f-]{36}-[0-9a-f]{5}/shm")
        .containsPattern(
            "mps     mps-control-daemon-[0-9a-f-]{36}-[0-9a-f]{5}-\\w{5} ready; told:"
                + " set_default_active_thread_percentage 50, set_default_device_pinned_mem_limit"
                + " GPU-[0-9a-f-]{36} 10240M")
        .contains("PodScheduled=False: 0/7 nodes are available")
        // the pending pods: one line per reason, and the command that shows every node and device
        .contains("not-enough-devices: request gpu: 1 needed, 0 match on gpu-node-{1,2,3,4,5,6,dp}")
        .contains(
            "taint gpu.nvidia.com/xid=79:NoSchedule is not tolerated by request gpu:"
                + " gpu-node-2/gpu-7")
        .containsPattern("not-enough-devices: request gpus: 9 needed, \\d+ match on gpu-node-")
        .containsPattern(
            "every node and device: \\./gpu-dra demo --keep-running, then \\./gpu-dra explain"
                + " --consumable-capacity -f \\S+/nine-gpus/nine-gpus\\.yaml\\n")
        .contains("node gpu-node-dp: device plugin registered, nvidia.com/gpu allocatable 4")
        .containsPattern("env +NVIDIA_VISIBLE_DEVICES=GPU-[0-9a-f-]{36}")
        .contains("pod trainer-migrated: Running")
        .contains("all claims unprepared, every CDI spec removed, every GPU back to its defaults");
    // a demo, not a log: a few lines per scenario (19 of them)
    assertThat(text.lines().count()).as(text).isLessThan(10L * 19);
  }

  /**
   * The lines that say why the demo failed, ahead of its whole output: CI keeps only the start of a
   * failure's message.
   */
  private static String verdict(String text) {
    String why =
        text.lines()
            .filter(l ->
                l.contains("UNEXPECTED")
                    || l.contains("scenarios, ")
                    || l.contains("left behind")
                    || l.contains("skipped"))
            .collect(Collectors.joining("\n"));
    return why + "\n---- whole output ----\n" + text;
  }
}
