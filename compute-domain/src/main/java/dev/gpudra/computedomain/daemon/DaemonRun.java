package dev.gpudra.computedomain.daemon;

import dev.gpudra.api.computedomain.ComputeDomainLabels;
import dev.gpudra.computedomain.clique.CliqueMembership;
import dev.gpudra.computedomain.clique.DaemonIdentity;
import dev.gpudra.computedomain.imex.ImexConfigFile;
import dev.gpudra.computedomain.imex.ImexProcess;
import dev.gpudra.kit.process.Signals;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code compute-domain-daemon run}: labels its pod with its clique ({@code
 * resource.nvidia.com/computeDomain.cliqueID}, empty off the fabric, where it then idles); else
 * renders the IMEX config, joins its clique, and every {@code period} runs a {@link DaemonLoop}
 * pass (peers, {@code nvidia-imex} kept alive, its entry Ready as its pod is) until {@link #stop}.
 * On stop IMEX is stopped and the daemon leaves its clique.
 */
public final class DaemonRun {
  private static final Logger log = LoggerFactory.getLogger(DaemonRun.class);

  /**
   * @param identity who this daemon is
   * @param files where it writes
   * @param imexProgram {@code nvidia-imex}, as the claim's base spec mounts it
   * @param period how often a pass runs (NVIDIA's watchdog: 1 s)
   */
  public record Settings(
      DaemonIdentity identity, DaemonFiles files, Path imexProgram, Duration period) {
    public Settings {
      Objects.requireNonNull(identity, "identity");
      Objects.requireNonNull(files, "files");
      Objects.requireNonNull(imexProgram, "imexProgram");
      if (!period.isPositive()) {
        throw new IllegalArgumentException("period must be positive, got " + period);
      }
    }
  }

  private final KubernetesClient client;
  private final Settings settings;
  private final Signals signals;
  private final CountDownLatch stop = new CountDownLatch(1);

  public DaemonRun(KubernetesClient client, Settings settings, Signals signals) {
    this.client = Objects.requireNonNull(client, "client");
    this.settings = Objects.requireNonNull(settings, "settings");
    this.signals = Objects.requireNonNull(signals, "signals");
  }

  /** Ends {@link #run}. */
  public void stop() {
    stop.countDown();
  }

  /**
   * Runs until {@link #stop}.
   *
   * @throws dev.gpudra.computedomain.imex.CliqueIndex.CliqueFullException when the clique is full
   */
  public void run() throws InterruptedException {
    DaemonIdentity me = settings.identity();
    labelPod(me);
    if (me.cliqueId().isEmpty()) {
      log.info("node {} is not on a multi-node NVLink fabric: no IMEX; idle", me.nodeName());
      stop.await();
      return;
    }
    ImexProcess imex =
        new ImexProcess(
            settings.imexProgram(),
            settings.files().imexd().resolve(ImexConfigFile.CONFIG),
            signals);
    CliqueMembership membership = new CliqueMembership(client, me, settings.files().maxNodes());
    try (imex) {
      DaemonLoop loop = new DaemonLoop(settings.files(), membership, imex, () -> podReady(me));
      loop.prepare(me.podIp());
      int index = membership.join();
      log.info("joined clique {} as index {}", me.cliqueName(), index);
      while (!stop.await(settings.period().toMillis(), TimeUnit.MILLISECONDS)) {
        pass(loop);
      }
    } finally {
      leave(membership);
    }
  }

  private static void pass(DaemonLoop loop) {
    try {
      loop.pass();
    } catch (RuntimeException e) {
      log.warn("daemon pass failed; retried next period: {}", e.getMessage(), e);
    }
  }

  private static void leave(CliqueMembership membership) {
    try {
      membership.leave();
    } catch (RuntimeException e) {
      log.warn("could not leave the clique (the controller removes the stale entry)", e);
    }
  }

  /**
   * A JSON merge patch of the label alone, without the pod's resourceVersion: the kubelet writes
   * the pod's status meanwhile, which a compare-and-swap would conflict with.
   */
  private void labelPod(DaemonIdentity me) {
    String patch =
        "{\"metadata\":{\"labels\":{\""
            + ComputeDomainLabels.CLIQUE
            + "\":\""
            + me.cliqueId()
            + "\"}}}";
    client
        .pods()
        .inNamespace(me.namespace())
        .withName(me.podName())
        .patch(PatchContext.of(PatchType.JSON_MERGE), patch);
  }

  private boolean podReady(DaemonIdentity me) {
    Pod pod = client.pods().inNamespace(me.namespace()).withName(me.podName()).get();
    List<PodCondition> conditions =
        pod == null || pod.getStatus() == null || pod.getStatus().getConditions() == null
            ? List.of()
            : pod.getStatus().getConditions();
    return conditions.stream()
        .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
  }
}
