package dev.gpudra.computedomain.prepare;

import dev.gpudra.computedomain.checkpoint.DomainCheckpoint;
import dev.gpudra.computedomain.checkpoint.DomainClaim;
import dev.gpudra.computedomain.checkpoint.DomainDevice;
import dev.gpudra.computedomain.checkpoint.DomainTarget;
import dev.gpudra.computedomain.checkpoint.StatusDigest;
import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.DraDriver;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.PreparedDevice;
import dev.gpudra.kit.UnprepareResult;
import dev.gpudra.kit.cdi.CdiDevice;
import dev.gpudra.kit.cdi.CdiSpec;
import dev.gpudra.kit.cdi.CdiSpecWriter;
import dev.gpudra.kit.cdi.ContainerEdits;
import dev.gpudra.kit.checkpoint.CheckpointFile;
import dev.gpudra.kit.checkpoint.CheckpointUnreadableException;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code compute-domain.nvidia.com} driver: each claim is checkpointed PrepareStarted, prepared
 * ({@link ChannelPrep}, {@link DaemonPrep}), its CDI spec written when it has edits, and
 * checkpointed PrepareCompleted; a completed claim is answered from the checkpoint. Unprepare
 * removes the node label a channel claim set, the spec and the entry. A failure fails that claim
 * only, with a message naming it.
 */
public final class DomainDraDriver implements DraDriver {
  /** The vendor of this driver's CDI specs. */
  public static final String CDI_VENDOR = "k8s.compute-domain.nvidia.com";

  /** The base spec's device every daemon gets: the driver's management files. */
  public static final String BASE_DEVICE = CDI_VENDOR + "/device=all";

  private static final Logger log = LoggerFactory.getLogger(DomainDraDriver.class);

  private final DomainRequests requests;
  private final ClaimBook book;
  private final CheckpointFile<DomainCheckpoint> checkpoints;
  private final CdiSpecWriter specs;
  private final TargetPrep channels;
  private final TargetPrep daemons;
  private final NodeLabel label;

  public DomainDraDriver(
      DomainRequests requests,
      ClaimBook book,
      CdiSpecWriter specs,
      Preparers preparers,
      NodeLabel label) {
    this.requests = Objects.requireNonNull(requests, "requests");
    this.book = Objects.requireNonNull(book, "book");
    this.checkpoints = book.file();
    this.specs = Objects.requireNonNull(specs, "specs");
    this.channels = preparers.channels();
    this.daemons = preparers.daemons();
    this.label = Objects.requireNonNull(label, "label");
  }

  /** How this driver prepares each target: channel claims and daemon claims. */
  public record Preparers(TargetPrep channels, TargetPrep daemons) {
    public Preparers {
      Objects.requireNonNull(channels, "channels");
      Objects.requireNonNull(daemons, "daemons");
    }
  }

  /** The writer of this driver's claim specs, {@code k8s.compute-domain.nvidia.com-claim_<uid>}. */
  public static CdiSpecWriter claimSpecs(java.nio.file.Path cdiRoot) {
    return new CdiSpecWriter(cdiRoot, CDI_VENDOR, "claim");
  }

  @Override
  public Map<String, PrepareResult> prepare(List<ResourceClaim> claims) {
    Map<String, PrepareResult> results = new LinkedHashMap<>();
    for (ResourceClaim claim : claims) {
      String uid = claim.getMetadata().getUid();
      try {
        results.put(uid, PrepareResult.of(prepareOne(claim)));
      } catch (DomainClaimException e) {
        results.put(
            uid,
            e.retryable()
                ? PrepareResult.retryLater(e.getMessage())
                : failed(claim, e.getMessage()));
      } catch (RuntimeException e) {
        results.put(uid, failed(claim, "claim " + name(claim) + ": " + message(e)));
      }
    }
    return results;
  }

  @Override
  public Map<String, UnprepareResult> unprepare(List<ClaimRef> claims) {
    Map<String, UnprepareResult> results = new LinkedHashMap<>();
    for (ClaimRef claim : claims) {
      try {
        unprepareOne(claim.uid());
        results.put(claim.uid(), UnprepareResult.ok());
      } catch (RuntimeException e) {
        String message = "claim " + claim + ": " + message(e);
        log.warn("unprepare failed: {}", message);
        results.put(claim.uid(), UnprepareResult.failed(message));
      }
    }
    return results;
  }

  @Override
  public boolean ready() {
    try {
      checkpoints.read();
      return true;
    } catch (CheckpointUnreadableException e) {
      return false;
    }
  }

  @Override
  public void handleError(Throwable error, String context) {
    log.error("{}: {}", context, error.getMessage(), error);
  }

  /**
   * Rolls back a claim: what unprepare does, for the stale-claim cleanup (a PrepareStarted claim is
   * marked aborted).
   */
  public void rollBack(String uid) {
    unprepareOne(uid);
  }

  /** Drops aborted claims kept long enough; see {@link ClaimBook#dropExpiredAborted()}. */
  public int dropExpiredAborted() {
    return book.dropExpiredAborted();
  }

  private List<PreparedDevice> prepareOne(ResourceClaim claim) {
    String uid = claim.getMetadata().getUid();
    DomainCheckpoint checkpoint = checkpoints.read();
    DomainClaim known = checkpoint.claims().get(uid);
    if (known != null && known.isCompleted()) {
      return answer(known.devices());
    }
    String digest = StatusDigest.ofValue(claim.getStatus());
    if (known != null && known.isAborted() && known.statusDigest().equals(digest)) {
      throw new DomainClaimException(
          "claim "
              + name(claim)
              + ": stale prepare: its preparation was aborted at "
              + known.abortedAt()
              + " and the claim's status has not changed since");
    }
    DomainRequest request = requests.read(claim);
    if (request.target() == DomainTarget.CHANNEL) {
      refuseSecondChannel(request, checkpoint);
    }
    DomainClaim started =
        DomainClaim.started(
            request.namespace(), request.name(), request.target(), request.domainId(), digest);
    checkpoints.update(c -> c.withClaim(uid, started));
    ContainerEdits edits =
        request.target() == DomainTarget.CHANNEL
            ? channels.prepare(request)
            : daemons.prepare(request);
    List<String> ids = new ArrayList<>();
    if (request.target() == DomainTarget.DAEMON) {
      ids.add(BASE_DEVICE);
    }
    if (!edits.isEmpty()) {
      String device = uid + "-" + request.device();
      specs.write(
          uid, CdiSpec.of(CDI_VENDOR + "/claim", null, List.of(new CdiDevice(device, edits))));
      ids.add(CDI_VENDOR + "/claim=" + device);
    }
    DomainDevice prepared =
        new DomainDevice(request.device(), request.requestNames(), request.pool(), ids);
    checkpoints.update(c -> c.withClaim(uid, started.completed(List.of(prepared))));
    return answer(List.of(prepared));
  }

  /** Channel 0 of a node belongs to one completed claim at a time, as in NVIDIA's plugin. */
  private static void refuseSecondChannel(DomainRequest request, DomainCheckpoint checkpoint) {
    checkpoint.claims().entrySet().stream()
        .filter(e -> !e.getKey().equals(request.uid()))
        .filter(e -> e.getValue().isCompleted() && e.getValue().target() == DomainTarget.CHANNEL)
        .findFirst()
        .ifPresent(e -> {
          throw new DomainClaimException(
              "claim "
                  + request.claim()
                  + ": channel-0 of this node is held by claim "
                  + e.getValue().namespace()
                  + "/"
                  + e.getValue().name()
                  + " ("
                  + e.getKey()
                  + ") of ComputeDomain "
                  + e.getValue().domainId()
                  + "; a node serves one channel claim at a time");
        });
  }

  /**
   * Undoes a claim. A completed claim's entry goes; a started one is marked aborted, so that a
   * stale retry of its prepare is refused (as NVIDIA's 0.5); an aborted one is left as it is.
   */
  private void unprepareOne(String uid) {
    DomainClaim known = checkpoints.read().claims().get(uid);
    if (known != null && known.isAborted()) {
      log.info("unprepare of claim {} ({}): a no-op, it was aborted", claimName(known), uid);
      return;
    }
    if (known != null && known.target() == DomainTarget.CHANNEL && !known.domainId().isEmpty()) {
      label.remove(known.domainId());
    }
    specs.delete(uid);
    if (known == null) {
      return;
    }
    if (known.isCompleted()) {
      checkpoints.update(c -> c.withoutClaim(uid));
    } else {
      checkpoints.update(c -> c.withClaim(uid, known.aborted(book.clock().instant())));
      log.info("claim {} ({}) marked PrepareAborted", claimName(known), uid);
    }
  }

  private static String claimName(DomainClaim claim) {
    return claim.namespace() + "/" + claim.name();
  }

  private static List<PreparedDevice> answer(List<DomainDevice> devices) {
    return devices.stream()
        .map(d ->
            new PreparedDevice(
                d.requestNames(), d.pool(), d.device(), d.cdiDeviceIds(), Optional.empty()))
        .toList();
  }

  private static PrepareResult failed(ResourceClaim claim, String message) {
    log.warn(
        "prepare of claim {} ({}) failed: {}", name(claim), claim.getMetadata().getUid(), message);
    return PrepareResult.failed(message);
  }

  private static String name(ResourceClaim claim) {
    return claim.getMetadata().getNamespace() + "/" + claim.getMetadata().getName();
  }

  private static String message(RuntimeException e) {
    return e instanceof DomainClaimException
        ? e.getMessage()
        : e.getClass().getSimpleName() + ": " + e.getMessage();
  }
}
