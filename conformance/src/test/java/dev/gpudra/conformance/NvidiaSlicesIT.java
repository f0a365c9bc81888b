package dev.gpudra.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
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
  private static final Fixtures FIXTURES = Fixtures.ofCheckout();
  private static final Path CONFORMANCE = FIXTURES.dir().getParent();
  private static final Differences DIFFERENCES =
      Differences.read(CONFORMANCE.resolve("differences.yaml"));
  private static final Set<Differences.Entry> USED = ConcurrentHashMap.newKeySet();
  private static final Set<String> RAN = ConcurrentHashMap.newKeySet();
  private static NvidiaPeer peer;

  @BeforeAll
  static void unpackThePeer() {
    Path shared = Path.of(System.getProperty("gpu-dra.shared", "../../shared"));
    Optional<NvidiaPeer> unpacked =
        NvidiaPeer.unpack(shared, CONFORMANCE.resolve("target").resolve("nvidia-peer"));
    assumeTrue(unpacked.isPresent(), "no NVIDIA peer at " + shared.resolve("peer"));
    peer = unpacked.get();
  }

  /** The fixtures' profiles; when updating, every profile the peer has. */
  static List<String> profiles() {
    return Fixtures.updating() ? peer.profiles() : FIXTURES.sliceProfiles();
  }

  @AfterAll
  static void noStaleEntry() {
    if (RAN.containsAll(FIXTURES.sliceProfiles())) {
      assertThat(DIFFERENCES.slices())
          .as("entries of differences.yaml no profile shows: remove them")
          .allMatch(USED::contains);
    }
  }

  @Test
  @DisplayName("every mock profile of NVIDIA's peer has a slice fixture")
  void everyProfileCaptured() {
    assertThat(FIXTURES.sliceProfiles()).isEqualTo(peer.profiles());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("profiles")
  @DisplayName("our slices are NVIDIA's, but for the reviewed differences")
  void slices(String profile) {
    Path dir = CONFORMANCE.resolve("target").resolve("runs").resolve(profile);
    JsonNode nvidia = capture(new Plugin.Nvidia(peer), profile, dir.resolve("nvidia"));
    Path fixture = FIXTURES.slices(profile);
    if (Fixtures.updating()) {
      FIXTURES.write(fixture, header(profile), nvidia);
    }
    assertThat(nvidia)
        .as("NVIDIA's plugin against %s: update it and review the diff", fixture)
        .isEqualTo(FIXTURES.read(fixture));
    Path libs = Path.of(System.getProperty("gpu-dra.image.libs", "target/no-image-libs"));
    JsonNode ours = capture(new Plugin.Ours(libs), profile, dir.resolve("ours"));
    List<Diff> diffs = Diff.between(FIXTURES.read(fixture), ours);
    assertThat(DIFFERENCES.unexplained(profile, diffs))
        .as("differences from %s not in %s", fixture, CONFORMANCE.resolve("differences.yaml"))
        .isEmpty();
    USED.addAll(DIFFERENCES.explaining(profile, diffs));
    RAN.add(profile);
  }

  private static JsonNode capture(Plugin plugin, String profile, Path dir) {
    String node = "conformance-" + profile;
    List<ResourceSlice> pool = PoolCapture.run(plugin, node, peer.driverRoot(profile), dir);
    return SliceDocument.of(pool, node);
  }

  private static String header(String profile) {
    return "NVIDIA's gpu-kubelet-plugin, kubernetes-sigs/dra-driver-nvidia-gpu "
        + NvidiaPeer.COMMIT
        + " (0.5 line),\n"
        + "on NVIDIA's mock NVML (k8s-test-infra 1275802b), profile "
        + profile
        + ", default feature gates.\n"
        + "Captured by NvidiaSlicesIT with -Dgpu-dra.conformance.update=true; normalized as"
        + " SliceDocument says.";
  }
}
