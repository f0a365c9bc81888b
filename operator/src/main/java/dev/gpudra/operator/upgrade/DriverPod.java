package dev.gpudra.operator.upgrade;

import java.time.Instant;
import java.util.Optional;

/**
 * The driver DaemonSet's pod on a node.
 *
 * @param name its name
 * @param inSync whether it runs the DaemonSet's newest revision (an orphan never does)
 * @param orphaned whether no DaemonSet owns it any more
 * @param ready whether it is Running with every container ready
 * @param failing whether a container keeps failing (more than 10 restarts, not ready), NVIDIA's
 *     test
 * @param terminating whether it is being deleted
 * @param readySince when it became ready, if it is
 * @param why what keeps it from being ready (a container's waiting reason), for messages
 */
public record DriverPod(
    String name,
    boolean inSync,
    boolean orphaned,
    boolean ready,
    boolean failing,
    boolean terminating,
    Optional<Instant> readySince,
    String why) {}
