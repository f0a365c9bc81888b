package dev.gpudra.gpu.mps;

import dev.gpudra.kit.cdi.ContainerEdits;
import dev.gpudra.kit.cdi.Mount;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts and stops the MPS control daemons of claims and connects their containers to them. The
 * GPUs' compute mode is the caller's ({@code sharing.MpsControl}).
 */
public final class MpsSharing {
  private static final Logger log = LoggerFactory.getLogger(MpsSharing.class);
  private static final List<String> BIND = List.of("rw", "nosuid", "nodev", "bind");

  private final MpsNode node;
  private final MpsDirectories dirs;
  private final MpsDaemons daemons;

  public MpsSharing(MpsNode node, MpsDirectories dirs, MpsDaemons daemons) {
    this.node = Objects.requireNonNull(node, "node");
    this.dirs = Objects.requireNonNull(dirs, "dirs");
    this.daemons = Objects.requireNonNull(daemons, "daemons");
  }

  /**
   * Makes each daemon's directories and Deployment (keeping what an earlier attempt made), then
   * waits until all are ready.
   *
   * @param claim {@code namespace/name}, for messages
   * @throws MpsDaemonNotReadyException when one is not ready in time (a retryable error)
   * @throws MpsException when a directory, the tmpfs or a Deployment cannot be made
   */
  public void start(String claim, List<MpsDaemon> planned) {
    for (MpsDaemon daemon : planned) {
      dirs.create(daemon.id());
      daemons.create(MpsDeployment.of(daemon, node, dirs));
    }
    daemons.awaitReady(claim, planned.stream().map(MpsDaemon::name).toList());
    planned.forEach(d -> log.info("claim {}: MPS control daemon {} ready", claim, d.name()));
  }

  /** Deletes the daemon's Deployment, then its tmpfs and directories; gone already is fine. */
  public void stop(String id) {
    daemons.delete(MpsDaemon.name(id));
    dirs.remove(id);
  }

  /**
   * What connects a container to the daemon: its pipe directory at {@code /tmp/nvidia-mps} (named
   * by {@code CUDA_MPS_PIPE_DIRECTORY}) and its tmpfs as {@code /dev/shm}, as NVIDIA's.
   */
  public ContainerEdits edits(String id) {
    return new ContainerEdits(
        List.of("CUDA_MPS_PIPE_DIRECTORY=" + MpsDeployment.PIPE_DIR),
        List.of(),
        List.of(
            new Mount(dirs.shm(id).toString(), MpsDeployment.SHM_DIR, BIND, "bind"),
            new Mount(dirs.pipe(id).toString(), MpsDeployment.PIPE_DIR, BIND, "bind")),
        List.of());
  }

  /**
   * Stops every daemon this node has directories or a Deployment for but {@code held}.
   *
   * @return the IDs stopped
   */
  public List<String> stopAllBut(java.util.Set<String> held) {
    java.util.Set<String> ids = new java.util.TreeSet<>(dirs.ids());
    daemons.names().stream()
        .map(n -> n.substring(MpsDaemon.NAME_PREFIX.length()))
        .forEach(ids::add);
    ids.removeAll(held);
    ids.forEach(id -> {
      log.info("MPS control daemon {}: no claim holds it; stopping it", id);
      stop(id);
    });
    return List.copyOf(ids);
  }
}
