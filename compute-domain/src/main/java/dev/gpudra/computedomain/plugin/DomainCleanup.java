package dev.gpudra.computedomain.plugin;

import dev.gpudra.computedomain.checkpoint.DomainCheckpoint;
import dev.gpudra.computedomain.checkpoint.DomainClaim;
import dev.gpudra.computedomain.prepare.ClaimBook;
import dev.gpudra.computedomain.prepare.DomainApi;
import dev.gpudra.computedomain.prepare.DomainDraDriver;
import dev.gpudra.kit.checkpoint.CheckpointFile;
import dev.gpudra.kit.checkpoint.ClaimState;
import dev.gpudra.kit.dra.NodeLock;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The plugin's periodic cleanup, as NVIDIA's managers (at start and every 10 minutes): a claim left
 * PrepareStarted whose ResourceClaim is gone (or was replaced under the same name) is rolled back,
 * under {@code pu.lock}, and so marked PrepareAborted; an aborted claim is dropped after {@link
 * ClaimBook#ABORTED_TTL}; a domain directory whose ComputeDomain is gone and that no checkpointed
 * claim names is removed.
 */
final class DomainCleanup {
  private static final Logger log = LoggerFactory.getLogger(DomainCleanup.class);

  private final KubernetesClient client;
  private final DomainApi api;
  private final CheckpointFile<DomainCheckpoint> checkpoints;
  private final DomainDraDriver driver;
  private final NodeLock lock;
  private final Path domainsDir;

  DomainCleanup(KubernetesClient client, DomainApi api, DomainDraDriver driver, NodeClaims node) {
    this.client = Objects.requireNonNull(client, "client");
    this.api = Objects.requireNonNull(api, "api");
    this.driver = Objects.requireNonNull(driver, "driver");
    this.checkpoints = node.checkpoints();
    this.lock = node.lock();
    this.domainsDir = node.domainsDir();
  }

  /** This node's claim state: the checkpoint, the lock that guards it, the domain directories. */
  record NodeClaims(CheckpointFile<DomainCheckpoint> checkpoints, NodeLock lock, Path domainsDir) {
    NodeClaims {
      Objects.requireNonNull(checkpoints, "checkpoints");
      Objects.requireNonNull(lock, "lock");
      Objects.requireNonNull(domainsDir, "domainsDir");
    }
  }

  /** One pass; returns how many claims were rolled back and directories removed. */
  int run() {
    try (NodeLock.Held held = lock.acquire()) {
      return rollBackStale() + dropExpiredAborted() + removeOrphanDirs();
    }
  }

  private int rollBackStale() {
    int rolledBack = 0;
    for (Map.Entry<String, DomainClaim> entry : checkpoints.read().claims().entrySet()) {
      DomainClaim claim = entry.getValue();
      if (claim.state() != ClaimState.PREPARE_STARTED
          || claim.name().isEmpty()
          || exists(claim, entry.getKey())) {
        continue;
      }
      log.info(
          "rolling back claim {}/{} ({}): left PrepareStarted and gone from the API server",
          claim.namespace(),
          claim.name(),
          entry.getKey());
      driver.rollBack(entry.getKey());
      rolledBack++;
    }
    return rolledBack;
  }

  private int dropExpiredAborted() {
    int dropped = driver.dropExpiredAborted();
    if (dropped > 0) {
      log.info("dropped {} aborted claim(s) kept past {}", dropped, ClaimBook.ABORTED_TTL);
    }
    return dropped;
  }

  private boolean exists(DomainClaim claim, String uid) {
    ResourceClaim current =
        client
            .resources(ResourceClaim.class)
            .inNamespace(claim.namespace())
            .withName(claim.name())
            .get();
    return current != null && uid.equals(current.getMetadata().getUid());
  }

  private int removeOrphanDirs() {
    if (!Files.isDirectory(domainsDir)) {
      return 0;
    }
    Set<String> live = new HashSet<>(api.domainUids());
    checkpoints.read().claims().values().forEach(c -> live.add(c.domainId()));
    int removed = 0;
    for (Path dir : list(domainsDir)) {
      if (!live.contains(dir.getFileName().toString())) {
        deleteTree(dir);
        log.info("removed {}: its ComputeDomain no longer exists", dir);
        removed++;
      }
    }
    return removed;
  }

  private static List<Path> list(Path dir) {
    try (Stream<Path> entries = Files.list(dir)) {
      return entries.filter(Files::isDirectory).toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + dir, e);
    }
  }

  private static void deleteTree(Path dir) {
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot remove " + dir, e);
    }
  }
}
