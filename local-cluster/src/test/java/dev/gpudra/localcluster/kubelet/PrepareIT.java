package dev.gpudra.localcluster.kubelet;

import static dev.gpudra.localcluster.kubelet.LocalNode.DRIVER;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.PreparedDevice;
import dev.gpudra.kit.UnprepareResult;
import dev.gpudra.kit.registration.DraService;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class PrepareIT {
  private static final String SHARE_ID = "0d4d7c0e-2d1e-4f5a-9a3b-0c6b1c2d3e4f";
  @TempDir Path dir;
  private LocalNode node;

  record Version(String name, Set<DraService> kubelet, DraService expected) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Version> versions() {
    return Stream.of(
        new Version("kubelet 1.34+ calls v1", EnumSet.allOf(DraService.class), DraService.V1),
        new Version(
            "kubelet 1.33 calls v1beta1", EnumSet.of(DraService.V1BETA1), DraService.V1BETA1));
  }

  private LocalNode start(Set<DraService> services) throws InterruptedException {
    node = new LocalNode(dir).start(services);
    return node;
  }

  @AfterEach
  void close() {
    if (node != null) {
      node.close();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("versions")
  @DisplayName("prepares and unprepares over the version the kubelet picked")
  void preparesAndUnprepares(Version v) throws Exception {
    start(v.kubelet());
    ClaimRef first = node.allocatedClaim("first", "gpu-0", null);
    ClaimRef shared = node.allocatedClaim("shared", "gpu-1", SHARE_ID);

    Map<String, PrepareResult> results = node.kubelet.prepare(DRIVER, List.of(first, shared));

    assertThat(node.kubelet.serviceOf(DRIVER)).contains(v.expected());
    assertThat(results.keySet()).containsExactly(first.uid(), shared.uid());
    assertThat(results.get(first.uid()).devices())
        .containsExactly(
            new PreparedDevice(
                List.of("gpu"),
                LocalNode.NODE,
                "gpu-0",
                List.of("k8s.gpu.example.com/claim=" + first.uid() + "-gpu-0"),
                Optional.empty()));
    Optional<String> expectedShare =
        v.expected() == DraService.V1 ? Optional.of(SHARE_ID) : Optional.empty();
    assertThat(results.get(shared.uid()).devices())
        .singleElement()
        .satisfies(d -> assertThat(d.shareId()).isEqualTo(expectedShare));

    Map<String, UnprepareResult> released = node.kubelet.unprepare(DRIVER, List.of(first, shared));
    assertThat(released.values()).allSatisfy(r -> assertThat(r.failed()).isFalse());
    assertThat(node.driver.unprepared).containsExactly(first.uid(), shared.uid());
  }

  @Test
  @DisplayName(
      "missing, replaced and unallocated claims fail alone, naming the claim; the good one is prepared")
  void badClaimsFailAlone() throws Exception {
    start(EnumSet.allOf(DraService.class));
    ClaimRef good = node.allocatedClaim("good", "gpu-0", null);
    ClaimRef missing = new ClaimRef("default", "missing", "uid-missing");
    ClaimRef replaced = new ClaimRef("default", "good", "uid-of-an-older-claim");
    ClaimRef pending = node.pendingClaim("pending");

    Map<String, PrepareResult> results =
        node.kubelet.prepare(DRIVER, List.of(missing, replaced, pending, good));

    assertThat(results.get(good.uid()).failed()).isFalse();
    assertThat(results.get(missing.uid()).error())
        .contains("default/missing", "uid-missing", "not found");
    assertThat(results.get(replaced.uid()).error())
        .contains("default/good", "uid-of-an-older-claim", "replaced", good.uid());
    assertThat(results.get(pending.uid()).error())
        .contains("default/pending", pending.uid(), "not allocated");
    assertThat(node.driver.prepared).containsExactly(good.uid());
  }

  @Test
  @DisplayName(
      "a driver exception fails only the claim it was thrown for, and the plugin keeps serving")
  void driverExceptionIsPerClaim() throws Exception {
    start(EnumSet.allOf(DraService.class));
    ClaimRef a = node.allocatedClaim("a", "gpu-0", null);
    ClaimRef b = node.allocatedClaim("b", "gpu-1", null);
    node.driver.failNext.set(new IllegalStateException("GPU fell off the bus"));

    Map<String, PrepareResult> results = node.kubelet.prepare(DRIVER, List.of(a, b));

    // each claim is its own driver call: the exception fails the claim it was thrown for
    assertThat(results.get(a.uid()).error()).contains("GPU fell off the bus");
    assertThat(results.get(b.uid()).failed()).isFalse();
    assertThat(node.kubelet.prepare(DRIVER, List.of(a, b)).values())
        .allSatisfy(r -> assertThat(r.failed()).isFalse());
    node.driver.failNext.set(new IllegalStateException("stuck"));
    assertThat(node.kubelet.unprepare(DRIVER, List.of(a)).get(a.uid()).error()).contains("stuck");
  }

  @Test
  @DisplayName("concurrent calls from many threads are all answered, one driver call at a time")
  void concurrentCalls() throws Exception {
    start(EnumSet.allOf(DraService.class));
    List<ClaimRef> claims = new ArrayList<>();
    for (int i = 0; i < 16; i++) {
      claims.add(node.allocatedClaim("c" + i, "gpu-" + i, null));
    }
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<Map<String, PrepareResult>>> calls = new ArrayList<>();
      for (ClaimRef claim : claims) {
        calls.add(pool.submit(() -> node.kubelet.prepare(DRIVER, List.of(claim))));
        calls.add(pool.submit(() -> node.kubelet.prepare(DRIVER, List.of(claim))));
      }
      for (Future<Map<String, PrepareResult>> call : calls) {
        assertThat(call.get().values())
            .singleElement()
            .satisfies(r -> assertThat(r.failed()).isFalse());
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(node.driver.prepared).hasSize(32);
    assertThat(node.driver.maxInFlight).hasValue(1);
  }
}
