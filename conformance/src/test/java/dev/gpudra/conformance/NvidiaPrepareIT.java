package dev.gpudra.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PrepareResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A claim for a whole GPU, prepared by NVIDIA's plugin and by ours on NVIDIA's mock driver root of
 * each profile: the CDI specs must be NVIDIA's but for {@code differences.yaml}; NVIDIA's
 * checkpoint is kept as a fixture; and ours, started on the node NVIDIA's plugin left (its
 * checkpoint, its specs), must answer the kubelet's repeated prepare as NVIDIA's did and unprepare
 * the claim cleanly, as when a node moves from NVIDIA's plugin to ours.
 */
class NvidiaPrepareIT {
  private static final Kit KIT = Kit.ofCheckout();
  private static final Fixtures FIXTURES = KIT.fixtures();
  private static NvidiaPeer peer;

  @BeforeAll
  static void unpackThePeer() {
    peer = KIT.peer();
  }

  static List<String> profiles() {
    return peer.profiles();
  }

  @AfterAll
  static void noStaleEntry() {
    KIT.usage().assertNoStale(KIT.differences().cdi(), profiles(), "cdi");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("profiles")
  @DisplayName(
      "a whole GPU's CDI specs are NVIDIA's; ours takes over NVIDIA's prepared claim and"
          + " unprepares it")
  void wholeGpu(String profile) throws IOException {
    Path dir = NodeDir.create("gpu-dra-prepare-");
    PoolCapture.Run run =
        new PoolCapture.Run("conformance-" + profile, peer.driverRoot(profile), List.of());
    List<String> hook = List.of("--nvidia-cdi-hook-path=" + peer.cdiHook());
    JsonNode nvidia;
    try (PrepareCapture node = new PrepareCapture(run, dir.resolve("nvidia"))) {
      node.start(new Plugin.Nvidia(peer), List.of());
      ClaimRef claim = node.claim("whole-gpu", "gpu-0");
      PrepareResult prepared = node.prepare(claim);
      assertThat(prepared.error()).as("NVIDIA's prepare").isEmpty();
      nvidia = specs(node, claim, run);
      checkFixture(FIXTURES.cdi(profile), nvidia);
      checkFixture(FIXTURES.checkpoint(profile), checkpoint(node, claim, run));
      node.stop();
      node.start(Plugin.Ours.ofImage(), hook);
      assertThat(node.prepare(claim))
          .as("ours, on the claim NVIDIA's plugin prepared: the same answer")
          .isEqualTo(prepared);
      assertThat(node.unprepare(claim).error()).isEmpty();
      assertThat(node.cdiFiles().keySet()).noneMatch(f -> f.contains(claim.uid()));
      assertThat(node.checkpoint()).doesNotContain(claim.uid());
    }
    try (PrepareCapture node = new PrepareCapture(run, dir.resolve("ours"))) {
      node.start(Plugin.Ours.ofImage(), hook);
      ClaimRef claim = node.claim("whole-gpu", "gpu-0");
      assertThat(node.prepare(claim).error()).as("our prepare").isEmpty();
      List<Diff> diffs =
          Diff.between(FIXTURES.read(FIXTURES.cdi(profile)), specs(node, claim, run));
      assertThat(KIT.differences().unexplainedCdi(profile, diffs))
          .as("CDI differences from %s not in differences.yaml", FIXTURES.cdi(profile))
          .isEmpty();
      KIT.usage().passed(profile, KIT.differences().explainingCdi(profile, diffs));
    }
    NodeDir.delete(dir);
  }

  private static JsonNode specs(PrepareCapture node, ClaimRef claim, PoolCapture.Run run) {
    return CdiDocument.of(node.cdiFiles(), placeholders(node, claim, run));
  }

  private static JsonNode checkpoint(PrepareCapture node, ClaimRef claim, PoolCapture.Run run) {
    return CdiDocument.of(
        Map.of("checkpoint.json", node.checkpoint()), placeholders(node, claim, run));
  }

  private static Map<String, String> placeholders(
      PrepareCapture node, ClaimRef claim, PoolCapture.Run run) {
    return CdiDocument.placeholders(
        claim.uid(), node.dir(), run.driverRoot(), peer.cdiHook().toString());
  }

  private static void checkFixture(Path fixture, JsonNode nvidia) {
    if (Fixtures.updating()) {
      FIXTURES.write(fixture, header(fixture), nvidia);
    }
    assertThat(nvidia)
        .as("NVIDIA's plugin against %s: update it and review the diff", fixture)
        .isEqualTo(FIXTURES.read(fixture));
  }

  private static String header(Path fixture) {
    return "NVIDIA's gpu-kubelet-plugin, kubernetes-sigs/dra-driver-nvidia-gpu "
        + NvidiaPeer.COMMIT
        + " (0.5 line), on NVIDIA's mock NVML\n"
        + "and mock driver root: "
        + fixture.getFileName()
        + " after preparing a claim for gpu-0 (default gates).\n"
        + "Captured by NvidiaPrepareIT with -Dgpu-dra.conformance.update=true; normalized as"
        + " CdiDocument says.";
  }
}
