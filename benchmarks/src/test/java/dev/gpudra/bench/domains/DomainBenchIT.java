package dev.gpudra.bench.domains;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class DomainBenchIT {
  @Test
  @DisplayName(
      "20 domains on the embedded API server: all Ready, six writes each (finalizer, two"
          + " templates, DaemonSet, status NotReady then Ready) or a paced few more, none at rest")
  void smallRun() throws InterruptedException {
    DomainBench.Result r =
        DomainBench.run(20, Duration.ofSeconds(60), Duration.ofSeconds(3), Optional.empty());

    assertThat(r.domains()).isEqualTo(20);
    assertThat(r.writesByKind())
        .containsEntry("POST /apis/apps/v1/namespaces/gpu-dra/daemonsets", 20L)
        .containsEntry("POST /apis/resource.k8s.io/v1/namespaces/bench/resourceclaimtemplates", 20L)
        .containsEntry(
            "PATCH /apis/resource.nvidia.com/v1beta1/namespaces/bench/computedomains/cd-N", 20L);
    assertThat(r.writesToReady()).isBetween(120L, 160L);
    assertThat(r.steadyWrites()).isZero();
    assertThat(r.refused()).isEmpty();
  }
}
