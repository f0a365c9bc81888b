package dev.gpudra.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Metrics: the {@code nvidia_dra_} series NVIDIA's plugin exposes once it has published its slices,
 * before any claim, against ours on the same mock profile. NVIDIA's must equal the fixture; ours
 * too, but for the {@code metrics} entries of {@code differences.yaml}.
 */
class NvidiaMetricsIT {
  private static final Fixtures FIXTURES = Fixtures.ofCheckout();
  private static final Path CONFORMANCE = FIXTURES.dir().getParent();
  static final String PROFILE = "h100";
  private static NvidiaPeer peer;

  @BeforeAll
  static void unpackThePeer() {
    Optional<NvidiaPeer> unpacked = NvidiaPeer.ofShared(CONFORMANCE);
    assumeTrue(unpacked.isPresent(), "no NVIDIA peer in shared/ (gpu-dra.shared)");
    peer = unpacked.get();
  }

  @Test
  @DisplayName("our series at start are NVIDIA's, but for the reviewed differences")
  void atStart() throws IOException {
    List<String> nvidia = capture(new Plugin.Nvidia(peer));
    Path fixture = FIXTURES.dir().resolve("metrics").resolve(PROFILE + "-at-start.txt");
    if (Fixtures.updating()) {
      FIXTURES.writeLines(fixture, header(), nvidia);
    }
    List<String> expected = FIXTURES.readLines(fixture);
    assertThat(nvidia).as("NVIDIA's plugin against %s", fixture).isEqualTo(expected);
    List<Diff> diffs = between(expected, capture(Plugin.Ours.ofImage()));
    Differences differences = Differences.read(CONFORMANCE.resolve("differences.yaml"));
    assertThat(differences.unexplainedMetrics(PROFILE, diffs))
        .as("differences from %s not in differences.yaml", fixture)
        .isEmpty();
    assertThat(differences.metrics())
        .as("metrics entries of differences.yaml no series shows: remove them")
        .allMatch(e -> diffs.stream().anyMatch(d -> e.explains(PROFILE, d)));
  }

  /** A series only one side has: present on that side, absent on the other. */
  static List<Diff> between(List<String> nvidia, List<String> ours) {
    List<Diff> diffs = new ArrayList<>();
    nvidia.stream()
        .filter(s -> !ours.contains(s))
        .forEach(s -> diffs.add(new Diff(s, "present", Diff.ABSENT)));
    ours.stream()
        .filter(s -> !nvidia.contains(s))
        .forEach(s -> diffs.add(new Diff(s, Diff.ABSENT, "present")));
    return diffs;
  }

  private static List<String> capture(Plugin plugin) throws IOException {
    int port = MetricSeries.freePort();
    Path dir = Files.createTempDirectory("gpu-dra-conformance-");
    String node = "conformance-" + PROFILE;
    PoolCapture.Run run =
        new PoolCapture.Run(
            node, peer.driverRoot(PROFILE), List.of("--http-endpoint=127.0.0.1:" + port));
    List<String> series = PoolCapture.run(plugin, run, dir, pool -> MetricSeries.scrape(port));
    return series.stream().map(s -> s.replace(node, SliceDocument.NODE)).toList();
  }

  private static String header() {
    return "NVIDIA's gpu-kubelet-plugin, kubernetes-sigs/dra-driver-nvidia-gpu "
        + NvidiaPeer.COMMIT
        + " (0.5 line),\n"
        + "on NVIDIA's mock NVML, profile "
        + PROFILE
        + ", default gates: its nvidia_dra_ series once its slices are published,\n"
        + "before any claim. Captured by NvidiaMetricsIT with -Dgpu-dra.conformance.update=true.";
  }
}
