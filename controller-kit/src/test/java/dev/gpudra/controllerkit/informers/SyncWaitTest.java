package dev.gpudra.controllerkit.informers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class SyncWaitTest {
  private static final Duration BOUND = Duration.ofMillis(200);

  /** One set of informers' first lists and what the wait says of it. */
  record Case(String name, List<SyncWait.Pending> pending, String error) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> failures() {
    return Stream.of(
        new Case(
            "a list that never comes is named once the bound passes",
            List.of(listed("nodes"), new SyncWait.Pending("pods", new CompletableFuture<>())),
            "informer pods: did not list within PT0.2S"),
        new Case(
            "a failed list is named with its cause",
            List.of(
                listed("nodes"),
                new SyncWait.Pending(
                    "ClusterPolicies",
                    CompletableFuture.failedFuture(new IOException("connection refused")))),
            "informer ClusterPolicies: cannot list: connection refused"),
        new Case(
            "the first one that did not list is named",
            List.of(
                new SyncWait.Pending("leases", new CompletableFuture<>()),
                new SyncWait.Pending("pods", new CompletableFuture<>())),
            "informer leases: did not list within PT0.2S"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("failures")
  @DisplayName("an informer that does not list in time, or fails to, is named in one line")
  void failures(Case c) {
    long started = System.nanoTime();
    assertThatThrownBy(() -> new SyncWait(BOUND).await(c.pending()))
        .isInstanceOf(CacheSyncException.class)
        .hasMessage(c.error());
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
  }

  @Test
  @DisplayName("the bound holds for the whole set, not for each informer")
  void oneDeadline() {
    CompletableFuture<Void> late = new CompletableFuture<>();
    CompletableFuture<Void> never = new CompletableFuture<>();
    late.completeOnTimeout(null, 300, TimeUnit.MILLISECONDS);
    long started = System.nanoTime();
    assertThatThrownBy(() ->
            new SyncWait(Duration.ofMillis(400))
                .await(List.of(new SyncWait.Pending("a", late), new SyncWait.Pending("b", never))))
        .hasMessage("informer b: did not list within PT0.4S");
    // one deadline: about 400 ms; a bound per informer would take 300 + 400
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMillis(650));
  }

  @Test
  @DisplayName("every informer listed: the wait returns")
  void allListed() {
    assertThatCode(() -> new SyncWait(BOUND).await(List.of(listed("nodes"), listed("pods"))))
        .doesNotThrowAnyException();
  }

  private static SyncWait.Pending listed(String name) {
    return new SyncWait.Pending(name, CompletableFuture.completedFuture(null));
  }
}
