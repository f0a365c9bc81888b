package dev.gpudra.nvml.simulated;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.RecoveryAction;
import dev.gpudra.nvml.XidEvent;
import dev.gpudra.nvml.XidWatch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@DisplayName("Another process injects XIDs into a simulated NVML through the inbox by its state")
class XidInboxIT {
  private static final String GPU = "GPU-0000";

  @TempDir Path dir;

  private static void append(Path file, String text) throws IOException {
    Files.writeString(file, text, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
  }

  @Test
  @DisplayName("a line appended while the plugin waits reaches its event set, once")
  void appendedLineIsDelivered() throws Exception {
    Path state = dir.resolve("simulated-gpus.json");
    try (SimulatedNvml nvml =
            new SimulatedNvml(new ProfileLoader().load("dgx-a100"), "node-a", Optional.of(state));
        XidWatch watch = nvml.watchXids(nvml.gpus())) {
      GpuInfo gpu = nvml.gpus().get(7);
      append(SimulatedNvml.xidInbox(state), gpu.uuid() + " 79\n");

      assertThat(watch.next(Duration.ofSeconds(5)))
          .contains(new XidEvent(gpu.uuid(), 79, XidEvent.WHOLE_GPU, XidEvent.WHOLE_GPU));
      assertThat(watch.next(Duration.ofMillis(300))).isEmpty();
    }
  }

  record Refused(String name, String line, String message) {
    @Override
    public String toString() {
      return name;
    }
  }

  static List<Refused> refused() {
    return List.of(
        new Refused("xid not a number", GPU + " seventy", "xid 'seventy' is not a number"),
        new Refused("unknown GPU", "GPU-ffff 79", "no GPU GPU-ffff"),
        new Refused("three fields", GPU + " 79 1", "want '<gpu-uuid> <xid> [<gi> <ci>]"),
        new Refused("unknown action", GPU + " 79 recovery=reboot", "no GPU recovery action"),
        new Refused("action alone", "recovery=none", "want '<gpu-uuid> <xid>"),
        new Refused("negative xid", GPU + " -1", "xid -1 is out of range"),
        new Refused("over-long line", GPU + " 79 " + "1".repeat(300), "longer than 256"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refused")
  @DisplayName("a bad line is refused naming the file and line; the lines after it still count")
  void badLineIsRefused(Refused bad) throws IOException {
    Path file = dir.resolve("inbox");
    XidInbox inbox = new XidInbox(file, Set.of(GPU));
    append(file, "\n" + bad.line() + "\n" + GPU + " 48 1 0\n");

    XidInbox.Batch batch = inbox.read();

    assertThat(batch.refused())
        .singleElement()
        .asString()
        .startsWith(file + ":2: ")
        .contains(bad.message());
    assertThat(batch.events()).containsExactly(new XidEvent(GPU, 48, 1, 0));
  }

  @Test
  @DisplayName(
      "a line may end in the recovery action the driver sets with the XID, or set one alone (the"
          + " GPU was reset)")
  void recoveryActions() throws Exception {
    Path state = dir.resolve("simulated-gpus.json");
    try (SimulatedNvml nvml =
            new SimulatedNvml(new ProfileLoader().load("dgx-a100"), "node-a", Optional.of(state));
        XidWatch watch = nvml.watchXids(nvml.gpus())) {
      GpuInfo gpu = nvml.gpus().get(3);
      Path inbox = SimulatedNvml.xidInbox(state);
      append(inbox, gpu.uuid() + " 31 recovery=drain-p2p\n");

      assertThat(watch.next(Duration.ofSeconds(5))).contains(XidEvent.onGpu(gpu.uuid(), 31));
      assertThat(nvml.recoveryAction(gpu)).contains(RecoveryAction.DRAIN_P2P);
      append(inbox, gpu.uuid() + " recovery=none\n" + gpu.uuid() + " 48\n");
      assertThat(watch.next(Duration.ofSeconds(5))).contains(XidEvent.onGpu(gpu.uuid(), 48));
      assertThat(nvml.recoveryAction(gpu)).contains(RecoveryAction.GPU_RESET);
      assertThat(watch.next(Duration.ofMillis(300))).isEmpty();
    }
  }

  @Test
  @DisplayName("lines there before the inbox opens are not replayed; line numbers go on from them")
  void earlierLinesAreNotReplayed() throws IOException {
    Path file = dir.resolve("inbox");
    append(file, GPU + " 79\n" + GPU + " 79\n");
    XidInbox inbox = new XidInbox(file, Set.of(GPU));
    append(file, "oops\n");

    XidInbox.Batch batch = inbox.read();

    assertThat(batch.events()).isEmpty();
    assertThat(batch.refused()).singleElement().asString().startsWith(file + ":3: ");
  }

  @Test
  @DisplayName("a line counts only once its newline is written")
  void partialLineWaits() throws IOException {
    Path file = dir.resolve("inbox");
    XidInbox inbox = new XidInbox(file, Set.of(GPU));
    append(file, GPU + " 7");

    assertThat(inbox.read().events()).isEmpty();
    append(file, "9\n");
    assertThat(inbox.read().events()).containsExactly(new XidEvent(GPU, 79, -1, -1));
  }

  @Test
  @DisplayName("one read takes at most MAX_READ bytes; the rest comes with the next reads")
  void readsAreBounded() throws IOException {
    Path file = dir.resolve("inbox");
    XidInbox inbox = new XidInbox(file, Set.of(GPU));
    String line = GPU + " 79\n";
    int count = 2 * XidInbox.MAX_READ / line.length() + 1;
    append(file, line.repeat(count));

    int first = inbox.read().events().size();
    int total = first + inbox.read().events().size() + inbox.read().events().size();

    assertThat(first).isLessThanOrEqualTo(XidInbox.MAX_READ / line.length());
    assertThat(total).isEqualTo(count);
  }
}
