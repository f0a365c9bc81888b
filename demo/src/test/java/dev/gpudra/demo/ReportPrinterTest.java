package dev.gpudra.demo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ReportPrinterTest {
  @Test
  @DisplayName(
      "the scheduler's message stops where each node's reason starts, and keeps kube-scheduler's"
          + " own count")
  void head() {
    assertThat(
            ReportPrinter.head(
                "0/7 nodes are available: gpu-node-1: claim c: request gpu: 8 devices match, 9"
                    + " needed; gpu-node-2: claim c: request gpu: 8 devices match, 9 needed"))
        .isEqualTo("0/7 nodes are available");
    assertThat(
            ReportPrinter.head(
                "0/7 nodes are available: 7 cannot allocate all claims. preemption: 0/7 nodes are"
                    + " available: 7 Preemption is not helpful for scheduling."))
        .isEqualTo("0/7 nodes are available: 7 cannot allocate all claims");
    assertThat(ReportPrinter.head("SchedulerError: CEL runtime error: no such key: profile"))
        .isEqualTo("SchedulerError: CEL runtime error: no such key: profile");
  }

  @Test
  @DisplayName(
      "a scenario's summary is its README's first sentence, without asides, cut at a colon when"
          + " long")
  void summary() {
    Expectation none = Expectation.parse("pods: []\n");
    assertThat(
            new DemoSpec(
                    "s",
                    "",
                    "One container asks for two GPUs (`count: 2`) with a `matchAttribute`"
                        + " constraint on `resource.kubernetes.io/pcieRoot`: both devices must sit"
                        + " behind the same PCIe root complex, e.g. the same switch. More.",
                    none)
                .summary())
        .isEqualTo(
            "One container asks for two GPUs with a matchAttribute constraint on"
                + " resource.kubernetes.io/pcieRoot");
    assertThat(
            new DemoSpec(
                    "s",
                    "",
                    "A virtual machine's pod asks for a whole GPU (as KubeVirt would). gpu-node-5"
                        + " runs with it.",
                    none)
                .summary())
        .isEqualTo("A virtual machine's pod asks for a whole GPU.");
  }
}
