/**
 * Driver upgrades as NVIDIA's upgrade controller rolls them ({@code driver.upgradePolicy}), as pure
 * rules: each managed node's state in NVIDIA's label {@code nvidia.com/gpu-driver-upgrade-state}
 * and its next step ({@link dev.gpudra.operator.upgrade.UpgradeRules}), and how many nodes may
 * start ({@link dev.gpudra.operator.upgrade.ClusterUpgrade}).
 *
 * <p>Invariants: every step is computed afresh from what the node shows (labels, annotations,
 * pods), so an operator restart resumes where the node was; every state has a deadline and a failed
 * node tries again, so an upgrade always finishes; pods holding GPUs are gone before the driver pod
 * goes, so their claims are unprepared by the DRA driver that prepared them; a cordon that was
 * there before the upgrade stays.
 */
package dev.gpudra.operator.upgrade;
