package dev.gpudra.deviceplugin.mps;

import dev.gpudra.deviceplugin.config.ReplicatedResources;
import dev.gpudra.node.mps.MpsControlException;
import dev.gpudra.node.mps.MpsControlProgram;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the plugin waits for before it serves MPS-shared resources, as NVIDIA's does: {@code .ready}
 * holds the plugin's {@code sharing.mps}, and each resource's daemon answers on its pipe (a pod
 * started before its daemon would run without its memory and thread limits).
 */
public final class MpsReadiness {
  private static final Logger log = LoggerFactory.getLogger(MpsReadiness.class);

  private final MpsRoot root;
  private final Path driverRoot;
  private final Clock clock;

  /**
   * @param root the MPS root as the plugin sees it
   * @param driverRoot where the driver's {@code nvidia-cuda-mps-control} is
   */
  public MpsReadiness(MpsRoot root, Path driverRoot, Clock clock) {
    this.root = root;
    this.driverRoot = driverRoot;
    this.clock = clock;
  }

  /**
   * Waits until the daemons are ready, checking every {@code every}.
   *
   * @throws MpsNotReadyException after {@code timeout}, with the last reason
   */
  public void await(
      ReplicatedResources mps, List<ResourceDaemon> daemons, Duration timeout, Duration every)
      throws InterruptedException {
    Instant deadline = clock.instant().plus(timeout);
    while (true) {
      Optional<String> why = notReady(mps, daemons);
      if (why.isEmpty()) {
        log.info(
            "MPS control daemons ready for {}", daemons.stream().map(d -> d.resource()).toList());
        return;
      }
      if (!clock.instant().isBefore(deadline)) {
        throw new MpsNotReadyException(
            "sharing.mps: the MPS control daemons were not ready within "
                + (timeout.toSeconds() > 0
                    ? timeout.toSeconds() + " s"
                    : timeout.toMillis() + " ms")
                + ": "
                + why.get());
      }
      log.info("waiting for the MPS control daemons: {}", why.get());
      Thread.sleep(every.toMillis());
    }
  }

  /** Why the daemons are not ready; empty when they are. */
  public Optional<String> notReady(ReplicatedResources mps, List<ResourceDaemon> daemons) {
    Optional<String> file = new ReadyFile(root).mismatch(mps);
    if (file.isPresent()) {
      return file;
    }
    for (ResourceDaemon daemon : daemons) {
      try {
        MpsControlProgram.find(daemon.settings(root, driverRoot))
            .send("get_default_active_thread_percentage");
      } catch (MpsControlException e) {
        return Optional.of(daemon.resource() + ": the daemon does not answer: " + e.getMessage());
      }
    }
    return Optional.empty();
  }
}
