package dev.gpudra.operator.upgrade;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.api.clusterpolicy.DrainSpec;
import dev.gpudra.api.clusterpolicy.DriverUpgradePolicySpec;
import io.fabric8.kubernetes.api.model.IntOrString;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ClusterUpgradeTest {
  static UpgradePolicy policy(int parallel, IntOrString unavailable) {
    return UpgradePolicy.of(
        new DriverUpgradePolicySpec(true, parallel, unavailable, null, null, null));
  }

  static List<NodeUpgrade> nodes(int n, UpgradeState state) {
    return IntStream.range(0, n)
        .mapToObj(i ->
            rename(UpgradeFixtures.node(state, UpgradeFixtures.OLD, List.of()), "gpu-" + (100 + i)))
        .toList();
  }

  static NodeUpgrade rename(NodeUpgrade n, String name) {
    NodeUpgradeEdit e = NodeUpgradeEdit.of(n);
    e.name = name;
    return e.build();
  }

  static long starting(ClusterUpgrade.Pass pass) {
    return pass.plans().stream()
        .filter(p -> p.plan().state() == UpgradeState.CORDON_REQUIRED)
        .count();
  }

  ClusterUpgrade upgrade(UpgradePolicy policy) {
    return new ClusterUpgrade(policy, UpgradeDeadlines.DEFAULT, UpgradeFixtures.NOW);
  }

  @Test
  @DisplayName("maxParallelUpgrades bounds how many start")
  void maxParallelUpgradesBoundsHowManyStart() {
    ClusterUpgrade.Pass pass =
        upgrade(policy(10, new IntOrString("100%"))).plan(nodes(40, UpgradeState.UPGRADE_REQUIRED));
    assertThat(starting(pass)).isEqualTo(10);
    assertThat(pass.counts().pending()).isEqualTo(40);
    assertThat(pass.counts().available()).isEqualTo(10);
    // the first in name order start
    assertThat(pass.plans().get(0).plan().state()).isEqualTo(UpgradeState.CORDON_REQUIRED);
    assertThat(pass.plans().get(39).plan().state()).isEqualTo(UpgradeState.UPGRADE_REQUIRED);
  }

  @Test
  @DisplayName("nodes in progress take their slots")
  void nodesInProgressTakeTheirSlots() {
    List<NodeUpgrade> nodes =
        java.util.stream.Stream.concat(
                nodes(3, UpgradeState.POD_RESTART_REQUIRED).stream(),
                nodes(10, UpgradeState.UPGRADE_REQUIRED).stream()
                    .map(n -> rename(n, "z" + n.name())))
            .toList();
    ClusterUpgrade.Pass pass = upgrade(policy(4, new IntOrString("100%"))).plan(nodes);
    assertThat(pass.counts().inProgress()).isEqualTo(3);
    assertThat(starting(pass)).isEqualTo(1);
  }

  @Test
  @DisplayName("zero parallel is unlimited, but maxUnavailable still bounds")
  void zeroParallelIsUnlimitedButMaxUnavailableStillBounds() {
    assertThat(
            starting(
                upgrade(policy(0, new IntOrString("100%")))
                    .plan(nodes(20, UpgradeState.UPGRADE_REQUIRED))))
        .isEqualTo(20);
    // 25% of 10 rounds up to 3
    assertThat(
            starting(
                upgrade(policy(0, new IntOrString("25%")))
                    .plan(nodes(10, UpgradeState.UPGRADE_REQUIRED))))
        .isEqualTo(3);
    assertThat(
            starting(
                upgrade(policy(0, new IntOrString(2)))
                    .plan(nodes(10, UpgradeState.UPGRADE_REQUIRED))))
        .isEqualTo(2);
  }

  @Test
  @DisplayName("unavailable nodes use up maxUnavailable")
  void unavailableNodesUseUpMaxUnavailable() {
    List<NodeUpgrade> nodes =
        java.util.stream.Stream.concat(
                nodes(2, UpgradeState.UPGRADE_DONE).stream()
                    .map(n -> UpgradeFixtures.withUnschedulable(n, true, true)),
                nodes(8, UpgradeState.UPGRADE_REQUIRED).stream()
                    .map(n -> rename(n, "z" + n.name())))
            .toList();
    // 30% of 10 = 3, 2 are cordoned already: 1 more may start (the cordoned ones go regardless)
    ClusterUpgrade.Pass pass = upgrade(policy(0, new IntOrString("30%"))).plan(nodes);
    assertThat(pass.counts().available()).isEqualTo(1);
    assertThat(starting(pass)).isEqualTo(1);
  }

  @Test
  @DisplayName("a single node always gets a slot")
  void aSingleNodeAlwaysGetsASlot() {
    assertThat(
            starting(
                upgrade(policy(1, new IntOrString("25%")))
                    .plan(nodes(1, UpgradeState.UPGRADE_REQUIRED))))
        .isEqualTo(1);
  }

  @Test
  @DisplayName("bad policy values are refused, naming the field")
  void badPolicyValuesAreRefusedNamingTheField() {
    assertThatThrownBy(() -> policy(1, new IntOrString("a lot")))
        .hasMessageContaining("driver.upgradePolicy.maxUnavailable")
        .hasMessageContaining("a lot");
    assertThatThrownBy(() -> policy(-1, null))
        .hasMessageContaining("driver.upgradePolicy.maxParallelUpgrades");
    assertThatThrownBy(() ->
            UpgradePolicy.of(
                new DriverUpgradePolicySpec(
                    true,
                    1,
                    null,
                    new DrainSpec(true, false, "app in (a,b)", 300, false),
                    null,
                    null)))
        .hasMessageContaining("driver.upgradePolicy.drain.podSelector");
  }

  @Test
  @DisplayName("the CRD's defaults are NVIDIA's")
  void theCrdDefaultsAreNvidias() {
    UpgradePolicy empty = UpgradePolicy.of(null);
    assertThat(empty.autoUpgrade()).isFalse();
    assertThat(empty.maxParallelUpgrades()).isEqualTo(1);
    assertThat(empty.maxUnavailable(8)).isEqualTo(2);
    assertThat(empty.deletion().timeout().toSeconds()).isEqualTo(300);
    assertThat(empty.drain().enabled()).isFalse();
    assertThat(empty.jobsTimeout().isZero()).isTrue();
  }
}
