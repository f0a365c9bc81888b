package dev.gpudra.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class TokenBucketTest {
  private final AtomicLong now = new AtomicLong(1_000_000_000L);
  private final List<Long> waits = new ArrayList<>();

  @Test
  @DisplayName(
      "a burst goes at once, then requests wait 1/qps each; idle time refills up to the burst")
  void burstThenRate() throws InterruptedException {
    TokenBucket bucket = new TokenBucket(new ApiRateLimit(5, 2), now::get, waits::add);

    bucket.acquire();
    bucket.acquire();
    bucket.acquire(); // one token short: 200 ms
    bucket.acquire(); // queued behind it: 400 ms
    now.addAndGet(10_000_000_000L); // 10 s idle: back to the burst, not 50 tokens
    bucket.acquire();
    bucket.acquire();
    bucket.acquire();

    assertThat(waits).containsExactly(200_000_000L, 400_000_000L, 200_000_000L);
  }

  @Test
  @DisplayName("flags: none set is no limit; a negative rate or a burst without a rate is refused")
  void flags() {
    assertThat(options(null, null).limit()).isEqualTo(ApiRateLimit.NONE);
    assertThat(options(0.0, null).limit().limited()).isFalse();
    assertThat(options(5.0, null).limit()).isEqualTo(new ApiRateLimit(5, 10));
    assertThat(options(50.0, 100).limit()).isEqualTo(new ApiRateLimit(50, 100));
    assertThatThrownBy(() -> options(-1.0, null).limit())
        .hasMessageContaining("--kube-api-qps (KUBE_API_QPS) must not be negative");
    assertThatThrownBy(() -> options(null, 10).limit())
        .hasMessageContaining("--kube-api-burst (KUBE_API_BURST) needs --kube-api-qps");
    assertThatThrownBy(() -> options(5.0, 0).limit()).hasMessageContaining("at least 1");
  }

  private static ApiClientOptions options(Double qps, Integer burst) {
    ApiClientOptions options = new ApiClientOptions();
    options.qps = qps;
    options.burst = burst;
    return options;
  }
}
