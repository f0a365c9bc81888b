package dev.gpudra.allocator.cel;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class SelectorCacheTest {

  @Test
  @DisplayName("the same expression text compiles once and is served from the cache")
  void cachesByText() {
    DeviceSelectorEnv env = new DeviceSelectorEnv(SelectorEnvOptions.defaults());

    CompiledSelector first = env.compile("device.driver == 'a'");

    assertThat(env.compile("device.driver == 'a'")).isSameAs(first);
    assertThat(env.compile("device.driver == 'b'")).isNotSameAs(first);
    assertThat(env.cachedSelectors()).isEqualTo(2);
  }

  @Test
  @DisplayName("the cache is bounded and drops the least recently used selector")
  void bounded() {
    DeviceSelectorEnv env = new DeviceSelectorEnv(new SelectorEnvOptions(Set.of(), 1_000_000, 2));
    CompiledSelector a = env.compile("device.driver == 'a'");
    env.compile("device.driver == 'b'");
    env.compile("device.driver == 'a'");
    env.compile("device.driver == 'c'");

    assertThat(env.cachedSelectors()).isEqualTo(2);
    assertThat(env.compile("device.driver == 'a'")).isSameAs(a);
  }

  @Test
  @DisplayName("concurrent compiles of one expression all get the same cached selector")
  void threadSafe() throws Exception {
    DeviceSelectorEnv env = new DeviceSelectorEnv(SelectorEnvOptions.defaults());
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<CompiledSelector>> futures =
          IntStream.range(0, 16)
              .mapToObj(i -> pool.submit(() -> env.compile("device.driver != 'x'")))
              .toList();
      CompiledSelector expected = env.compile("device.driver != 'x'");
      for (Future<CompiledSelector> f : futures) {
        assertThat(f.get()).isSameAs(expected);
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
