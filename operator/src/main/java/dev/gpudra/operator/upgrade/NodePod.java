package dev.gpudra.operator.upgrade;

import java.util.Map;
import java.util.Optional;

/**
 * A pod on an upgrading node, as far as deleting or draining it goes.
 *
 * @param namespace its namespace
 * @param name its name
 * @param labels its labels, for the policy's selectors
 * @param phase its phase
 * @param holdsGpus whether it holds GPUs: {@code nvidia.com/gpu*} or {@code nvidia.com/mig-*}
 *     resources, or an allocated claim of {@code gpu.nvidia.com} (not admin access) or {@code
 *     compute-domain.nvidia.com}
 * @param daemonSet whether a DaemonSet manages it (it would come straight back)
 * @param controlled whether any controller manages it (something recreates it elsewhere)
 * @param emptyDir whether it has an {@code emptyDir} volume (lost with it)
 * @param mirror whether it is a static pod's mirror (the API cannot delete it)
 * @param terminating whether it is being deleted already
 */
public record NodePod(
    String namespace,
    String name,
    Map<String, String> labels,
    String phase,
    boolean holdsGpus,
    boolean daemonSet,
    boolean controlled,
    boolean emptyDir,
    boolean mirror,
    boolean terminating) {
  public NodePod {
    labels = Map.copyOf(labels);
  }

  /** Whether it is Running or Pending (a job not yet done). */
  public boolean active() {
    return "Running".equals(phase) || "Pending".equals(phase);
  }

  /**
   * Why it cannot be removed under {@code removal}, as {@code kubectl drain} refuses: empty when it
   * can.
   */
  public Optional<String> blocker(UpgradePolicy.Removal removal) {
    if (emptyDir && !removal.deleteEmptyDir()) {
      return Optional.of(this + " has an emptyDir volume (deleteEmptyDir is false)");
    }
    if (!controlled && !removal.force()) {
      return Optional.of(this + " has no controller (force is false)");
    }
    return Optional.empty();
  }

  @Override
  public String toString() {
    return namespace + "/" + name;
  }
}
