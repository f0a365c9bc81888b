package dev.gpudra.computedomain.plugin;

import static dev.gpudra.computedomain.plugin.DomainNode.DRIVER;
import static dev.gpudra.computedomain.plugin.DomainNode.channelConfig;
import static dev.gpudra.computedomain.plugin.DomainNode.opaque;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gpudra.api.computedomain.ComputeDomain;
import dev.gpudra.api.computedomain.DomainStatus;
import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.testfixtures.process.GcFigures;
import dev.gpudra.testfixtures.process.PeakRss;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAllocationConfiguration;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The compute-domain plugin in a JVM of its own on a 64 MiB heap, sent the costliest channel claims
 * the API server accepts: 4 callers at once, 8 claims each, every claim with 64 config entries (an
 * allocation's most: 32 of the class, 32 of the claim) of 10240 bytes, shaped for the largest heap
 * footprint (a thousand tiny keys each). Half carry one channel config in {@code All} mode (2,048
 * channels in the spec) and 63 heavy configs of another driver, which the plugin must read past;
 * half carry 64 heavy configs of its own kind, which it must decode and refuse.
 */
class DomainHeapBoundIT {
  /**
   * The bound on the live heap after a collection: 39 to 45 MiB measured (2026-12-06; what G1 keeps
   * varies with the load), two claims of 64 heavy configs at most in memory (the kit's prefetch
   * bound); all 32 at once would need far more than the 64 MiB heap.
   */
  static final long LIVE_BOUND_MIB = 56;

  static final int CALLERS = 4;
  static final int CLAIMS_PER_CALL = 8;
  static final int CONFIGS_PER_CLAIM = 64;
  static final int OPAQUE_MAX_BYTES = 10240;
  @TempDir Path root;
  private DomainNode node;

  @AfterEach
  void stop() {
    if (node != null) {
      node.close();
    }
  }

  @Test
  @DisplayName(
      "4 callers x 8 channel claims x 64 configs of 10 KiB on a 64 MiB heap: every claim"
          + " answered, one channel given, the process alive, live heap bounded")
  void worstLegalBatch() throws Exception {
    Path gcLog = root.resolve("gc.log");
    node =
        DomainNode.startInChild(
            root,
            "gb200-nvl",
            List.of(
                "-Xmx64m",
                "-XX:+ExitOnOutOfMemoryError",
                "--enable-native-access=ALL-UNNAMED",
                "-Xlog:gc:file=" + gcLog));
    ComputeDomain domain = node.domain("team-a", "nvl");
    node.daemonStatus(domain, DomainStatus.READY);
    Map<String, Object> heavy = filled(Map.of());
    List<List<ClaimRef>> calls = new ArrayList<>();
    for (int c = 0; c < CALLERS; c++) {
      List<ClaimRef> call = new ArrayList<>();
      for (int i = 0; i < CLAIMS_PER_CALL; i++) {
        call.add(node.claim("team-a", "c" + c + "-" + i, "channel-0", configs(domain, heavy, c)));
      }
      calls.add(call);
    }

    // one thread per caller: the common pool has one thread on a 2-core machine
    ExecutorService callers = Executors.newFixedThreadPool(CALLERS);
    List<CompletableFuture<Map<String, PrepareResult>>> answers =
        calls.stream()
            .map(call ->
                CompletableFuture.supplyAsync(
                    () -> node.prepare(call.toArray(ClaimRef[]::new)), callers))
            .toList();

    List<ClaimRef> given = new ArrayList<>();
    for (int c = 0; c < CALLERS; c++) {
      Map<String, PrepareResult> results = answers.get(c).join();
      for (ClaimRef ref : calls.get(c)) {
        String error = results.get(ref.uid()).error();
        if (c % 2 == 1) {
          assertThat(error).as(ref.toString()).contains(ref.name(), "config[0]", "k0");
        } else if (error.isEmpty()) {
          given.add(ref);
        } else {
          assertThat(error).as(ref.toString()).contains("channel-0 of this node is held by");
        }
      }
    }
    callers.shutdown();
    DomainPluginProcess.Child child = node.child();
    assertThat(given).as("channel-0 goes to one claim").hasSize(1);
    assertThat(child.process().isAlive()).as(child.output()).isTrue();
    assertThat(node.unprepare(given.getFirst()).get(given.getFirst().uid()).error()).isEmpty();
    ClaimRef after = node.claim("team-a", "after", "channel-0", channelConfig(domain, null));
    assertThat(node.prepare(after).get(after.uid()).error()).isEmpty();

    long peakRss = PeakRss.kib(child.process().pid());
    assertThat(child.stop()).as(child.output()).isZero();
    GcFigures gc = GcFigures.of(gcLog);
    System.out.printf(
        "compute-domain plugin heap: peak before a collection %d MiB, largest live set after one"
            + " %d MiB, peak RSS %d MiB (bound %d MiB)%n",
        gc.peakMib(), gc.liveMib(), peakRss / 1024, LIVE_BOUND_MIB);
    assertThat(gc.liveMib()).as("largest live set, MiB").isLessThanOrEqualTo(LIVE_BOUND_MIB);
  }

  /** Caller {@code c}'s configs: even, one channel config and 63 foreign; odd, 64 of ours. */
  private static List<DeviceAllocationConfiguration> configs(
      ComputeDomain domain, Map<String, Object> heavy, int c) throws Exception {
    List<DeviceAllocationConfiguration> configs = new ArrayList<>();
    if (c % 2 == 1) {
      Map<String, Object> ours = filled(channelConfig(domain, "All"));
      for (int i = 0; i < CONFIGS_PER_CLAIM; i++) {
        configs.add(opaque(DRIVER, ours));
      }
      return configs;
    }
    configs.add(opaque(DRIVER, channelConfig(domain, "All")));
    for (int i = 1; i < CONFIGS_PER_CLAIM; i++) {
      configs.add(opaque("nic.example.com", heavy));
    }
    return configs;
  }

  /** {@code base} and as many tiny keys as fit in the API's limit on opaque parameters. */
  static Map<String, Object> filled(Map<String, Object> base) throws Exception {
    Map<String, Object> params = new LinkedHashMap<>(base);
    ObjectMapper json = new ObjectMapper();
    for (int i = 0; ; i++) {
      params.put("k" + i, 0);
      if (json.writeValueAsBytes(params).length > OPAQUE_MAX_BYTES) {
        params.remove("k" + i);
        return params;
      }
    }
  }
}
