package dev.gpudra.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.demo.Demo;
import dev.gpudra.demo.SpecLibrary;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The README's first command, end to end: every scenario ends as the demo says it should. */
class DemoE2E {
  @Test
  @DisplayName("the demo prepares, rejects and refuses exactly the claims it should")
  void demoRuns(@TempDir Path dir) throws InterruptedException {
    StringWriter out = new StringWriter();
    boolean ok =
        new Demo(new PrintWriter(out, true), dir, SpecLibrary.packaged().orElseThrow()).run();
    String text = out.toString();
    assertThat(ok).as(text).isTrue();
    assertThat(text)
        .contains("7 scenarios, 7 as expected, 0 not")
        .contains("gpu-node-1 publishes 8 devices")
        .contains("gpu-node-2 publishes 15 devices")
        .containsPattern("cdi +k8s\\.gpu\\.nvidia\\.com/claim=[0-9a-f-]{36}-gpu-0-mig-1g5gb-19-0")
        .contains("/dev/nvidia-caps/nvidia-cap")
        .contains("NVIDIA_VISIBLE_DEVICES=void")
        .contains("\"TimeSlicingSettings\" feature gate is not enabled");
  }
}
