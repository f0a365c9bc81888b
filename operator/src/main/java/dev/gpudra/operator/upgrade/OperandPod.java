package dev.gpudra.operator.upgrade;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * One of the operator's pods on a node that must start after the new driver: NVIDIA's validator, or
 * the node's GPU plugin (the DRA driver's kubelet plugin or the device plugin).
 *
 * @param name its name
 * @param ready whether it is ready
 * @param created when it was created
 * @param terminating whether it is being deleted
 */
public record OperandPod(String name, boolean ready, Instant created, boolean terminating) {
  /**
   * Whether it started before {@code instant}, and so knows only the driver before it. The API
   * server keeps times to the second: a pod created in the second the driver became ready counts as
   * after it (else a pod that is new would be restarted again and again).
   */
  public boolean before(Instant instant) {
    return created
        .truncatedTo(ChronoUnit.SECONDS)
        .isBefore(instant.truncatedTo(ChronoUnit.SECONDS));
  }
}
