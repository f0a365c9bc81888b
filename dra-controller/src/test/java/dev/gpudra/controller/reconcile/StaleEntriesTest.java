package dev.gpudra.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.api.computedomain.ComputeDomainClique;
import dev.gpudra.api.computedomain.ComputeDomainDaemon;
import dev.gpudra.api.computedomain.DomainStatus;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class StaleEntriesTest {
  private static final String UID = "0b5f6b1e-1111-4222-8333-444455556666";
  private static final Instant T0 = Instant.parse("2026-11-24T10:00:00Z");

  private static ComputeDomainClique clique(String... nodes) {
    List<ComputeDomainDaemon> daemons = new java.util.ArrayList<>();
    for (int i = 0; i < nodes.length; i++) {
      daemons.add(new ComputeDomainDaemon(nodes[i], "10.0.0." + i, "c.1", i, DomainStatus.READY));
    }
    return new ComputeDomainClique(
        new ObjectMetaBuilder().withNamespace("gpu-dra").withName(UID + ".c.1").build(), daemons);
  }

  @Test
  @DisplayName("an entry without a daemon pod on its node goes after the grace period, not before")
  void staleEntryGoesAfterGrace() {
    StaleEntries stale = new StaleEntries();
    var clique = List.of(clique("a", "b", "c"));

    var first = stale.check(UID, clique, Set.of("a", "c"), T0);
    assertThat(first.prunes()).isEmpty();
    assertThat(first.recheck()).contains(StaleEntries.GRACE);

    var early = stale.check(UID, clique, Set.of("a", "c"), T0.plusSeconds(2));
    assertThat(early.prunes()).isEmpty();
    assertThat(early.recheck()).contains(StaleEntries.GRACE.minusSeconds(2));

    var due = stale.check(UID, clique, Set.of("a", "c"), T0.plus(StaleEntries.GRACE));
    assertThat(due.prunes())
        .singleElement()
        .satisfies(p -> {
          assertThat(p.removed()).containsExactly("b");
          assertThat(p.kept()).extracting(ComputeDomainDaemon::nodeName).containsExactly("a", "c");
        });
  }

  @Test
  @DisplayName(
      "a pod that shows up within the grace period keeps its entry, and the clock restarts")
  void podArrivingInTimeKeepsEntry() {
    StaleEntries stale = new StaleEntries();
    var clique = List.of(clique("a", "b"));
    stale.check(UID, clique, Set.of("a"), T0);

    var withPod = stale.check(UID, clique, Set.of("a", "b"), T0.plusSeconds(3));
    assertThat(withPod.prunes()).isEmpty();
    assertThat(withPod.recheck()).isEmpty();

    var again = stale.check(UID, clique, Set.of("a"), T0.plusSeconds(6));
    assertThat(again.prunes()).isEmpty();
    assertThat(again.recheck()).contains(StaleEntries.GRACE);
  }

  @Test
  @DisplayName("a removal refused (a conflict) is due again at the next pass, without a new grace")
  void refusedRemovalIsRetriedAtOnce() {
    StaleEntries stale = new StaleEntries();
    var clique = List.of(clique("a", "b"));
    stale.check(UID, clique, Set.of("a"), T0);
    assertThat(stale.check(UID, clique, Set.of("a"), T0.plusSeconds(5)).prunes()).hasSize(1);

    assertThat(stale.check(UID, clique, Set.of("a"), T0.plusSeconds(6)).prunes()).hasSize(1);
  }

  @Test
  @DisplayName("entries with daemon pods, and forgotten domains, leave nothing pending")
  void nothingPendingWhenAllLive() {
    StaleEntries stale = new StaleEntries();
    var clique = List.of(clique("a", "b"));
    assertThat(stale.check(UID, clique, Set.of("a", "b"), T0).recheck()).isEmpty();

    stale.check(UID, clique, Set.of("a"), T0);
    stale.forget(UID);
    var afterForget = stale.check(UID, clique, Set.of("a"), T0.plus(Duration.ofSeconds(30)));
    assertThat(afterForget.prunes()).isEmpty();
  }
}
