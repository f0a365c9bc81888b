package dev.gpudra.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * ResourceSlices: NVIDIA's plugin and ours, each on NVIDIA's mock NVML for every mock profile, with
 * the default gates. NVIDIA's output must equal its fixture (else the fixture is stale, or the peer
 * changed: rerun with {@code -Dgpu-dra.conformance.update=true} and review the diff); ours must
 * equal the fixture but for the entries of {@code differences.yaml}.
 */
class NvidiaSlicesIT {
  private static final Kit KIT = Kit.ofCheckout();
  private static final Fixtures FIXTURES = KIT.fixtures();
  private static final Path CONFORMANCE = KIT.dir();
  private static final Differences DIFFERENCES = KIT.differences();
  private static NvidiaPeer peer;

  @BeforeAll
  static void unpackThePeer() {
    peer = KIT.peer();
  }

  /** Every profile of the peer with its default gates, and the variants. */
  static List<SliceCase> cases() {
    return SliceCase.all(peer.profiles());
  }

  @AfterAll
  static void noStaleEntry() {
    KIT.usage().assertNoStale(DIFFERENCES.slices(), FIXTURES.sliceCases(), "slice");
  }

  @Test
  @DisplayName("every case has a slice fixture, and every fixture a case")
  void everyCaseCaptured() {
    assertThat(FIXTURES.sliceCases()).isEqualTo(cases().stream().map(SliceCase::id).toList());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  @DisplayName("our slices are NVIDIA's, but for the reviewed differences")
  void slices(SliceCase c) throws IOException {
    Path dir = NodeDir.create("gpu-dra-conformance-");
    JsonNode nvidia = capture(new Plugin.Nvidia(peer), c, dir.resolve("nvidia"));
    Path fixture = FIXTURES.slices(c.id());
    if (Fixtures.updating()) {
      FIXTURES.write(fixture, header(c), nvidia);
    }
    assertThat(nvidia)
        .as("NVIDIA's plugin against %s: update it and review the diff", fixture)
        .isEqualTo(FIXTURES.read(fixture));
    JsonNode ours = capture(Plugin.Ours.ofImage(), c, dir.resolve("ours"));
    List<Diff> diffs = Diff.between(FIXTURES.read(fixture), ours);
    assertThat(DIFFERENCES.unexplained(c.id(), diffs))
        .as("differences from %s not in %s", fixture, CONFORMANCE.resolve("differences.yaml"))
        .isEmpty();
    KIT.usage().passed(c.id(), DIFFERENCES.explaining(c.id(), diffs));
    NodeDir.delete(dir);
  }

  private static JsonNode capture(Plugin plugin, SliceCase c, Path dir) {
    String node = "conformance-" + c.profile();
    List<ResourceSlice> pool =
        PoolCapture.run(
            plugin, new PoolCapture.Run(node, peer.driverRoot(c.profile()), c.flags()), dir);
    return SliceDocument.of(pool, node);
  }

  private static String header(SliceCase c) {
    return "NVIDIA's gpu-kubelet-plugin, kubernetes-sigs/dra-driver-nvidia-gpu "
        + NvidiaPeer.COMMIT
        + " (0.5 line),\n"
        + "on NVIDIA's mock NVML (k8s-test-infra 1275802b), profile "
        + c.profile()
        + ", "
        + c.describeFlags()
        + ".\n"
        + "Captured by NvidiaSlicesIT with -Dgpu-dra.conformance.update=true; normalized as"
        + " SliceDocument says.";
  }
}
