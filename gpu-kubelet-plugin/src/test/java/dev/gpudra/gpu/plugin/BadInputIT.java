package dev.gpudra.gpu.plugin;

import static dev.gpudra.gpu.plugin.ApiClaims.params;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.gpu.checkpoint.PreparedClaim;
import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.checkpoint.ClaimState;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResultBuilder;
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
import org.junit.jupiter.params.provider.Arguments;
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

  /**
   * @param create creates the bad claim on the node and returns the kubelet's reference
   * @param mentions what the error must name besides the claim
   */
  record Case(String name, Function<PluginNode, ClaimRef> create, List<String> mentions) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> badClaims() {
    return Stream.of(allocations(), parameters(), configKinds(), claimStates()).flatMap(s -> s);
  }

  /**
   * Allocation results this node cannot honour, as the API server stores them. (A result without a
   * device never gets past its validation of {@code /status}; {@code AllocationCheckTest} covers
   * it.)
   */
  private static Stream<Case> allocations() {
    return Stream.of(
        new Case(
            "allocated device this node does not have",
            n -> n.claims.named(BAD).device("gpu", "gpu-99").create(),
            List.of("\"gpu-99\"", "does not exist")),
        new Case(
            "allocated from another node's pool",
            n -> n.claims.named(BAD).result(result().withPool("n2").build()).create(),
            List.of("status.allocation.devices.results[0].pool", "\"n2\"", "not this node's")),
        new Case(
            "consumed memory that is not a quantity",
            n -> n.claims.named(BAD).result(consumed("lots")).create(),
            List.of(
                "invalid claim",
                "device \"gpu-3\"",
                "consumedCapacity.memory: invalid quantity \"lots\"")),
        new Case(
            "consumed memory with a nine-digit exponent",
            n -> n.claims.named(BAD).result(consumed("1e999999999")).create(),
            List.of("invalid claim", "consumedCapacity.memory: invalid quantity \"1e999999999\"")),
        new Case(
            "the same device allocated twice",
            n -> n.claims.named(BAD).device("a", BAD_DEVICE).device("b", BAD_DEVICE).create(),
            List.of("results[1].device", "\"gpu-3\" is allocated twice")));
  }

  /** Opaque parameters that are malformed or carry bad memory limits. */
  private static Stream<Case> parameters() {
    return Stream.of(
        new Case(
            "malformed opaque parameters (a string of broken JSON, not an object)",
            n -> withConfig(n, List.of(), "{\"apiVersion\": \"resource.nvidia.com/v1beta1\","),
            List.of("config[0].opaque.parameters", "must be a JSON object")),
        new Case(
            "parameters given as a JSON array, not an object",
            n -> withConfig(n, List.of(), List.of(params("GpuConfig", Map.of()))),
            List.of(
                "invalid device config",
                "config[0].opaque.parameters",
                "must be a JSON object",
                "got a JSON array")),
        new Case(
            "MPS pinned memory limit that is not a quantity",
            n -> withConfig(n, List.of(), mps("defaultPinnedDeviceMemoryLimit", "lots")),
            List.of(
                "invalid device config",
                "config[0].opaque.parameters",
                "sharing.mpsConfig.defaultPinnedDeviceMemoryLimit: invalid limit \"lots\"")),
        new Case(
            "MPS pinned memory limit with a nine-digit exponent",
            n -> withConfig(n, List.of(), mps("defaultPinnedDeviceMemoryLimit", "1e999999999")),
            List.of(
                "invalid device config",
                "sharing.mpsConfig.defaultPinnedDeviceMemoryLimit: invalid limit"
                    + " \"1e999999999\"")),
        new Case(
            "MPS per-device pinned memory limit that is not a quantity",
            n ->
                withConfig(
                    n,
                    List.of(),
                    mps("defaultPerDevicePinnedMemoryLimit", Map.of("0", "1e999999999"))),
            List.of(
                "invalid device config",
                "sharing.mpsConfig.defaultPerDevicePinnedMemoryLimit[0]: invalid limit")));
  }

  /** Configs of the wrong version, kind or device type, or behind an off gate. */
  private static Stream<Case> configKinds() {
    return Stream.of(
        new Case(
            "unknown field in a GpuConfig (strict decoding)",
            n ->
                withConfig(
                    n,
                    List.of(),
                    params("GpuConfig", Map.of("sharing", Map.of("strategy", "MPS", "bogus", 1)))),
            List.of("config[0]", "unknown field \"sharing.bogus\"")),
        new Case(
            "config with an apiVersion this driver does not serve",
            n ->
                withConfig(
                    n,
                    List.of(),
                    Map.of("apiVersion", "resource.nvidia.com/v1alpha1", "kind", "GpuConfig")),
            List.of("config[0]", "apiVersion", "resource.nvidia.com/v1alpha1")),
        new Case(
            "config of a kind this driver does not know",
            n -> withConfig(n, List.of(), params("ComputeDomainChannelConfig", Map.of())),
            List.of("config[0]", "kind", "ComputeDomainChannelConfig")),
        new Case(
            "MigDeviceConfig named by request for a full GPU",
            n -> withConfig(n, List.of("gpu"), params("MigDeviceConfig", Map.of())),
            List.of(
                "config[0]", "cannot apply MigDeviceConfig to device \"gpu-3\" of type \"gpu\"")),
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
                "cannot apply GpuConfig to device \"" + MIG_DEVICE + "\" of type \"mig\"")),
        new Case(
            "VfioDeviceConfig named by request for a whole GPU",
            n -> withConfig(n, List.of("gpu"), params("VfioDeviceConfig", Map.of())),
            List.of("config[0]", "cannot apply VfioDeviceConfig to device \"" + BAD_DEVICE + "\"")),
        new Case(
            "TimeSlicing while the TimeSlicingSettings gate is off",
            n ->
                withConfig(
                    n,
                    List.of(),
                    params("GpuConfig", Map.of("sharing", Map.of("strategy", "TimeSlicing")))),
            List.of("sharing.strategy", "\"TimeSlicingSettings\" feature gate is not enabled")));
  }

  /** Claims not allocated, gone, replaced, or holding a device another claim holds. */
  private static Stream<Case> claimStates() {
    return Stream.of(
        new Case(
            "claim that is not allocated",
            n -> n.claims.named(BAD).unallocated().create(),
            List.of("not allocated")),
        new Case(
            "claim missing from the API",
            n -> new ClaimRef(ApiClaims.NAMESPACE, BAD, UUID.randomUUID().toString()),
            List.of("not found")),
        new Case(
            "claim whose UID differs from the API's (replaced)",
            n -> {
              n.claims.named(BAD).device("gpu", BAD_DEVICE).create();
              return new ClaimRef(ApiClaims.NAMESPACE, BAD, UUID.randomUUID().toString());
            },
            List.of("replaced")),
        new Case(
            "device already prepared for another claim",
            n -> {
              ClaimRef owner = n.claims.named("owner").device("gpu", BAD_DEVICE).create();
              assertThat(n.prepare(owner).get(owner.uid()).error()).isEmpty();
              return n.claims.named(BAD).device("gpu", BAD_DEVICE).create();
            },
            List.of("\"gpu-3\"", "already allocated to different claim")));
  }

  private static DeviceRequestAllocationResultBuilder result() {
    return new DeviceRequestAllocationResultBuilder()
        .withRequest("gpu")
        .withDriver(GpuPluginConfig.DRIVER_NAME)
        .withPool(PluginNode.NAME)
        .withDevice(BAD_DEVICE);
  }

  /** A GpuConfig sharing by MPS with one mpsConfig field. */
  private static Map<String, Object> mps(String field, Object value) {
    return params(
        "GpuConfig",
        Map.of("sharing", Map.of("strategy", "MPS", "mpsConfig", Map.of(field, value))));
  }

  private static io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult consumed(
      String memory) {
    return result()
        .withConsumedCapacity(
            Map.of("memory", new io.fabric8.kubernetes.api.model.Quantity(memory)))
        .build();
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
          + " and nothing is left for it: no CDI spec, no checkpoint entry")
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
    assertThat(node.entry(bad.uid())).as("checked before PrepareStarted is written").isEmpty();
    assertThat(node.unprepare(bad).get(bad.uid()).error()).isEmpty();
    assertThat(node.dirs.cdiFiles()).doesNotContain(node.dirs.specFile(bad.uid()));
    assertThat(node.entry(good.uid()).map(PreparedClaim::state))
        .contains(ClaimState.PREPARE_COMPLETED);
  }

  /** Claim references the kubelet never sends, each next to a good one in one call. */
  static Stream<Arguments> badReferences() {
    String uid = UUID.randomUUID().toString();
    return Stream.of(
        Arguments.of("blank UID", new ClaimRef(ApiClaims.NAMESPACE, BAD, " "), "uid \" \""),
        Arguments.of(
            "name that addresses a subresource",
            new ClaimRef(ApiClaims.NAMESPACE, "real/status", uid),
            "name \"real/status\" is not a DNS-1123 subdomain"),
        Arguments.of(
            "name with a query",
            new ClaimRef(ApiClaims.NAMESPACE, "real?watch=true", uid),
            "name \"real?watch=true\""),
        Arguments.of(
            "namespace with a slash",
            new ClaimRef("default/resourceclaims/x", BAD, uid),
            "namespace \"default/resourceclaims/x\" is not a DNS-1123 label"),
        Arguments.of(
            "empty namespace",
            new ClaimRef("", BAD, uid),
            "namespace \"\" is not a DNS-1123 label"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badReferences")
  @DisplayName(
      "a claim reference with a blank UID or names that are not DNS names fails alone, in prepare"
          + " and unprepare, before it reaches an API URL")
  void badReferenceFailsAlone(String name, ClaimRef bad, String mention) {
    node = PluginNode.start(root, PluginNode.Setup.defaults().withProfile(PROFILE));
    ClaimRef good = node.claims.named("good").device("gpu", "gpu-2").create();

    Map<String, PrepareResult> prepared = node.prepare(bad, good);

    assertThat(prepared.get(bad.uid()).error())
        .startsWith("invalid claim reference claims[0] in the request: ")
        .contains(mention);
    assertThat(prepared.get(good.uid()).error()).isEmpty();
    assertThat(node.unprepare(bad, good))
        .satisfies(r -> {
          assertThat(r.get(bad.uid()).error()).contains(mention);
          assertThat(r.get(good.uid()).error()).isEmpty();
        });
    assertThat(node.dirs.cdiFiles()).isEmpty();
  }
}
