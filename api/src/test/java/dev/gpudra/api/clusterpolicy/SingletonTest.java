package dev.gpudra.api.clusterpolicy;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class SingletonTest {
  private static ClusterPolicy policy(String name, String created) {
    return new ClusterPolicy(
        new ObjectMetaBuilder().withName(name).withCreationTimestamp(created).build(), null, null);
  }

  @Test
  @DisplayName("the oldest ClusterPolicy is the one reconciled")
  void theOldestIsTheOneToReconcile() {
    ClusterPolicy older = policy("b-policy", "2026-01-01T00:00:00Z");
    ClusterPolicy newer = policy("a-policy", "2026-02-01T00:00:00Z");

    assertThat(Singleton.of(List.of(newer, older))).contains(older);
    assertThat(Singleton.isSingleton(newer, List.of(newer, older))).isFalse();
  }

  @Test
  @DisplayName("between policies created at once, the name breaks the tie")
  void theNameBreaksATie() {
    ClusterPolicy a = policy("a-policy", "2026-01-01T00:00:00Z");
    ClusterPolicy b = policy("b-policy", "2026-01-01T00:00:00Z");

    assertThat(Singleton.of(List.of(b, a))).contains(a);
  }

  @Test
  @DisplayName("a policy not yet stored loses, and no policy gives none")
  void oneNotYetStoredLosesAndNoneGivesNothing() {
    ClusterPolicy stored = policy("z-policy", "2026-01-01T00:00:00Z");

    assertThat(Singleton.of(List.of(policy("a-policy", null), stored))).contains(stored);
    assertThat(Singleton.of(List.<ClusterPolicy>of())).isEmpty();
  }
}
