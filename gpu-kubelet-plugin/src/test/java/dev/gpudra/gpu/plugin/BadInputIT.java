package dev.gpudra.gpu.plugin;

import static dev.gpudra.gpu.plugin.ApiClaims.params;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.gpu.checkpoint.ClaimState;
import dev.gpudra.gpu.checkpoint.PreparedClaim;
import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PrepareResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Claims the plugin must refuse, each sent in one NodePrepareResources call together with a good
 * claim: the bad one fails alone with an error naming it and what is wrong, and leaves nothing
 * behind that a retry or an unprepare would trip over.
 */
class BadInputIT {
  /** DGX A100 with static MIG: gpu-0 and gpu-1 are split, gpu-2 to gpu-7 are whole. */
  private static final String PROFILE = "dgx-a100-mig";

  private static final String BAD = "bad";
  private static final String BAD_DEVICE = "gpu-3";
  private static final String MIG_DEVICE = "gpu-0-mig-1g5gb-19-0";

  /** What the failed prepare may leave in the checkpoint (NVIDIA's plugin: reference 5.3). */
  enum Leftover {
    /** Refused before any state was written. */
    NOTHING,
    /** Refused while preparing devices: a PrepareStarted entry that unprepare removes. */
    PREPARE_STARTED
  }

  /**
   * @param create creates the bad claim on the node and returns the kubelet's reference
   * @param mentions what the error must name besides the claim
   */
  record Case(
      String name, Function<PluginNode, ClaimRef> create, List<String> mentions, Leftover left) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> badClaims() {
    return Stream.of(
        new Case(
            "allocated device this node does not have",
            n -> n.claims.named(BAD).device("gpu", "gpu-99").create(),
            List.of("\"gpu-99\"", "does not exist"),
            Leftover.PREPARE_STARTED),
        new Case(
            "malformed opaque parameters (a string of broken JSON, not an object)",
            n -> withConfig(n, List.of(), "{\"apiVersion\": \"resource.nvidia.com/v1beta1\","),
            List.of("config[0].opaque.parameters", "must be a JSON object"),
            Leftover.PREPARE_STARTED),
        new Case(
            "unknown field in a GpuConfig (strict decoding)",
            n ->
                withConfig(
                    n,
                    List.of(),
                    params("GpuConfig", Map.of("sharing", Map.of("strategy", "MPS", "bogus", 1)))),
            List.of("config[0]", "unknown field \"sharing.bogus\""),
            Leftover.PREPARE_STARTED),
        new Case(
            "config with an apiVersion this driver does not serve",
            n ->
                withConfig(
                    n,
                    List.of(),
                    Map.of("apiVersion", "resource.nvidia.com/v1alpha1", "kind", "GpuConfig")),
            List.of("config[0]", "apiVersion", "resource.nvidia.com/v1alpha1"),
            Leftover.PREPARE_STARTED),
        new Case(
            "config of a kind this driver does not know",
            n -> withConfig(n, List.of(), params("ComputeDomainChannelConfig", Map.of())),
            List.of("config[0]", "kind", "ComputeDomainChannelConfig"),
            Leftover.PREPARE_STARTED),
        new Case(
            "MigDeviceConfig named by request for a full GPU",
            n -> withConfig(n, List.of("gpu"), params("MigDeviceConfig", Map.of())),
            List.of(
                "config[0]", "cannot apply MigDeviceConfig to device \"gpu-3\" of type \"gpu\""),
            Leftover.PREPARE_STARTED),
        new Case(
            "GpuConfig named by request for a MIG device",
            n ->
                n.claims
                    .named(BAD)
                    .device("mig", MIG_DEVICE)
                    .config(List.of("mig"), params("GpuConfig", Map.of()))
                    .create(),
            List.of(
                "config[0]",
                "cannot apply GpuConfig to device \"" + MIG_DEVICE + "\" of type \"mig\""),
            Leftover.PREPARE_STARTED),
        new Case(
            "VfioDeviceConfig (passthrough not supported)",
            n -> withConfig(n, List.of(), params("VfioDeviceConfig", Map.of())),
            List.of("config[0]", "VfioDeviceConfig", "not supported"),
            Leftover.PREPARE_STARTED),
        new Case(
            "TimeSlicing while the TimeSlicingSettings gate is off",
            n ->
                withConfig(
                    n,
                    List.of(),
                    params("GpuConfig", Map.of("sharing", Map.of("strategy", "TimeSlicing")))),
            List.of("sharing.strategy", "\"TimeSlicingSettings\" feature gate is not enabled"),
            Leftover.PREPARE_STARTED),
        new Case(
            "claim that is not allocated",
            n -> n.claims.named(BAD).unallocated().create(),
            List.of("not allocated"),
            Leftover.NOTHING),
        new Case(
            "claim missing from the API",
            n -> new ClaimRef(ApiClaims.NAMESPACE, BAD, UUID.randomUUID().toString()),
            List.of("not found"),
            Leftover.NOTHING),
        new Case(
            "claim whose UID differs from the API's (replaced)",
            n -> {
              n.claims.named(BAD).device("gpu", BAD_DEVICE).create();
              return new ClaimRef(ApiClaims.NAMESPACE, BAD, UUID.randomUUID().toString());
            },
            List.of("replaced"),
            Leftover.NOTHING),
        new Case(
            "device already prepared for another claim",
            n -> {
              ClaimRef owner = n.claims.named("owner").device("gpu", BAD_DEVICE).create();
              assertThat(n.prepare(owner).get(owner.uid()).error()).isEmpty();
              return n.claims.named(BAD).device("gpu", BAD_DEVICE).create();
            },
            List.of("\"gpu-3\"", "already allocated to different claim"),
            Leftover.NOTHING));
  }

  private static ClaimRef withConfig(PluginNode n, List<String> requests, Object parameters) {
    return n.claims.named(BAD).device("gpu", BAD_DEVICE).config(requests, parameters).create();
  }

  @TempDir Path root;
  private PluginNode node;

  @AfterEach
  void stop() {
    if (node != null) {
      node.close();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badClaims")
  @DisplayName(
      "a bad claim fails alone with an error naming it and its fault, the plugin keeps serving,"
          + " and no CDI spec or completed entry is left for it")
  void badClaimFailsAlone(Case c) {
    node = PluginNode.start(root, PluginNode.Setup.defaults().withProfile(PROFILE));
    ClaimRef good = node.claims.named("good").device("gpu", "gpu-2").create();
    ClaimRef bad = c.create().apply(node);
    List<Path> specsBefore = node.dirs.cdiFiles();

    Map<String, PrepareResult> results = node.prepare(bad, good);

    assertThat(results.get(bad.uid()).error())
        .contains(ApiClaims.NAMESPACE + "/" + BAD)
        .contains(c.mentions());
    assertThat(results.get(good.uid()).error()).isEmpty();
    assertThat(results.get(good.uid()).devices()).singleElement();
    ClaimRef after = node.claims.named("after").device("gpu", "gpu-4").create();
    assertThat(node.prepare(after).get(after.uid()).error()).isEmpty();

    assertThat(node.dirs.cdiFiles())
        .containsExactlyInAnyOrderElementsOf(
            Stream.concat(
                    specsBefore.stream(),
                    Stream.of(node.dirs.specFile(good.uid()), node.dirs.specFile(after.uid())))
                .toList());
    switch (c.left()) {
      case NOTHING -> assertThat(node.entry(bad.uid())).isEmpty();
      case PREPARE_STARTED -> {
        assertThat(node.entry(bad.uid()))
            .get()
            .extracting(PreparedClaim::state)
            .isEqualTo(ClaimState.PREPARE_STARTED);
        assertThat(node.unprepare(bad).get(bad.uid()).error()).isEmpty();
        assertThat(node.entry(bad.uid())).isEmpty();
      }
    }
    assertThat(node.dirs.cdiFiles()).doesNotContain(node.dirs.specFile(bad.uid()));
    assertThat(node.entry(good.uid()).map(PreparedClaim::state))
        .contains(ClaimState.PREPARE_COMPLETED);
  }
}
