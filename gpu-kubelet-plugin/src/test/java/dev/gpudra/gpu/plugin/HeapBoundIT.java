package dev.gpudra.gpu.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.localcluster.kubelet.KubeletStandIn;
import dev.gpudra.testfixtures.process.GcFigures;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResultBuilder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The heaviest claims the API server accepts, sent the way that costs the plugin most: 4 callers at
 * once, 8 claims each, every claim with 32 config entries of 10240 bytes (the API's limits) shaped
 * for the largest heap footprint (a thousand tiny keys each), on a 64 MiB heap that exits on the
 * first OutOfMemoryError. Every claim must be answered, and the process must live on.
 */
class HeapBoundIT {
  static final String NODE = "node-a";
  static final int CALLERS = 4;
  static final int CLAIMS_PER_CALL = 8;
  static final int CONFIGS_PER_CLAIM = 32;
  static final int OPAQUE_MAX_BYTES = 10240;

  /** A collection's line (young, mixed, full); G1's Remark and Cleanup print garbage as live. */
  @TempDir Path root;

  private StandInNode node;
  private ChildPlugin plugin;

  @AfterEach
  void stop() {
    if (plugin != null) {
      plugin.close();
    }
    if (node != null) {
      node.close();
    }
  }

  @Test
  @DisplayName(
      "4 callers x 8 claims x 32 configs of 10 KiB on a 64 MiB heap: every claim answered, the"
          + " process alive, peak heap recorded")
  void worstLegalBatch() throws Exception {
    node = new StandInNode(root, NODE);
    KubeletStandIn kubelet = node.kubelet;
    Path gcLog = root.resolve("gc.log");
    plugin =
        ChildPlugin.on(node.kubeconfig, NODE, node.dirs)
            .start(
                "dgx-h100",
                Optional.empty(),
                root.resolve("plugin.log"),
                List.of("-Xmx64m", "-XX:+ExitOnOutOfMemoryError", "-Xlog:gc:file=" + gcLog));
    ApiClaims claims = node.claims;
    Map<String, Object> heavy = heaviestParameters();
    List<List<ClaimRef>> calls = new ArrayList<>();
    for (int c = 0; c < CALLERS; c++) {
      List<ClaimRef> call = new ArrayList<>();
      for (int i = 0; i < CLAIMS_PER_CALL; i++) {
        call.add(heavyClaim(claims, "c" + c + "-" + i, heavy, c % 2 == 1));
      }
      calls.add(call);
    }

    // one thread per caller: the common pool has one thread on a 2-core machine
    ExecutorService callers = Executors.newFixedThreadPool(CALLERS);
    List<CompletableFuture<Map<String, PrepareResult>>> answers =
        calls.stream()
            .map(call ->
                CompletableFuture.supplyAsync(
                    () -> kubelet.prepare("gpu.nvidia.com", call), callers))
            .toList();

    for (int c = 0; c < CALLERS; c++) {
      Map<String, PrepareResult> results = answers.get(c).join();
      for (ClaimRef ref : calls.get(c)) {
        if (c % 2 == 1) {
          assertThat(results.get(ref.uid()).error())
              .as(ref.toString())
              .contains("strict decoding error: unknown field \"k");
        } else {
          assertThat(results.get(ref.uid()).error()).as(ref.toString()).isEmpty();
        }
      }
    }
    callers.shutdown();
    assertThat(plugin.alive()).as(plugin.output()).isTrue();
    ClaimRef after = claims.named("after").device("gpu", "gpu-0").create();
    assertThat(kubelet.prepare("gpu.nvidia.com", List.of(after)).get(after.uid()).error())
        .isEmpty();
    GcFigures gc = GcFigures.of(gcLog);
    long live = gc.liveMib();
    System.out.println(
        "worst legal batch: peak heap before a collection "
            + gc.peakMib()
            + " MiB, largest live set after one "
            + live
            + " MiB, of a 64 MiB heap");
    // one claim at a time: about 23 MiB measured; all 32 claims at once would need over 64
    assertThat(live).as("largest live set, MiB").isLessThan(40);
  }

  /** Opaque parameters of exactly the API's limit, as many tiny keys as fit. */
  static Map<String, Object> heaviestParameters() throws Exception {
    Map<String, Object> params = new LinkedHashMap<>();
    ObjectMapper json = new ObjectMapper();
    for (int i = 0; ; i++) {
      params.put("k" + i, 0);
      if (json.writeValueAsBytes(params).length > OPAQUE_MAX_BYTES) {
        params.remove("k" + i);
        return params;
      }
    }
  }

  /**
   * A claim with admin access to every GPU (so claims do not exclude each other) and 32 configs:
   * one of ours and 31 heavy ones for another driver, which the plugin must read past, or 32 heavy
   * ones of ours ({@code ours}), which it must decode and refuse.
   */
  private static ClaimRef heavyClaim(
      ApiClaims claims, String name, Map<String, Object> heavy, boolean ours) {
    ApiClaims.Claim claim = claims.named(name);
    for (int g = 0; g < 8; g++) {
      claim.result(
          new DeviceRequestAllocationResultBuilder()
              .withRequest("gpu-" + g)
              .withDriver("gpu.nvidia.com")
              .withPool(NODE)
              .withDevice("gpu-" + g)
              .withAdminAccess(true)
              .build());
    }
    if (ours) {
      Map<String, Object> config = new LinkedHashMap<>(heavy);
      config.remove("k0");
      config.remove("k1");
      config.remove("k2");
      Map<String, Object> typed = ApiClaims.params("GpuConfig", Map.of());
      typed.putAll(config);
      typed.put("k0", 0);
      for (int i = 0; i < CONFIGS_PER_CLAIM; i++) {
        claim.config(List.of(), typed);
      }
      return claim.create();
    }
    claim.config(List.of(), ApiClaims.params("GpuConfig", Map.of()));
    for (int i = 1; i < CONFIGS_PER_CLAIM; i++) {
      claim.foreignConfig("nic.example.com", heavy);
    }
    return claim.create();
  }
}
