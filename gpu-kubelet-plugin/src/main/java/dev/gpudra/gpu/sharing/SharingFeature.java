package dev.gpudra.gpu.sharing;

import dev.gpudra.gpu.checkpoint.CheckpointDevice;
import dev.gpudra.gpu.checkpoint.CheckpointV1;
import dev.gpudra.gpu.checkpoint.SharingRecord;
import dev.gpudra.gpu.config.AllocatedDevice;
import dev.gpudra.gpu.config.ConfigGroup;
import dev.gpudra.gpu.mps.MpsDaemon;
import dev.gpudra.gpu.state.ClaimPlan;
import dev.gpudra.gpu.state.DeviceFeature;
import dev.gpudra.kit.cdi.ContainerEdits;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Time slices and MPS control daemons as a step of each prepare: the settings are planned from the
 * claim's configs, checked against the claims that hold the same GPUs, applied before the devices
 * are set up and undone on release; at start, daemons no claim holds are stopped.
 */
public final class SharingFeature implements DeviceFeature {
  private static final Logger log = LoggerFactory.getLogger(SharingFeature.class);

  private final ClaimSharing sharing;

  public SharingFeature(ClaimSharing sharing) {
    this.sharing = Objects.requireNonNull(sharing, "sharing");
  }

  @Override
  public Map<AllocatedDevice, SharingRecord> plan(String claimUid, ConfigGroup group) {
    return sharing.plan(claimUid, group).devices();
  }

  @Override
  public void refuseConflicts(ClaimPlan claim, List<CheckpointDevice> planned, CheckpointV1 cp) {
    sharing.checkConflicts(claim.name(), claim.uid(), planned, cp);
  }

  @Override
  public void setUpClaim(ClaimPlan claim, List<CheckpointDevice> records) {
    sharing.apply(claim.name(), records, daemons(claim));
  }

  /** The MPS control daemons of the claim's groups, in group order (planned again: pure). */
  private static List<MpsDaemon> daemons(ClaimPlan claim) {
    return claim.groups().stream()
        .map(g -> MpsDaemon.plan(claim.uid(), g))
        .flatMap(Optional::stream)
        .toList();
  }

  @Override
  public ContainerEdits edits(CheckpointDevice record) {
    return sharing.edits(record);
  }

  /** A retried prepare keeps the daemons its new records name running. */
  @Override
  public void release(Release release) {
    sharing.release(
        release.uid(), release.records(), release.checkpoint(), daemonIds(release.retried()));
  }

  /** Stops every MPS control daemon of this node that no claim of the checkpoint names. */
  @Override
  public List<String> cleanUpAtStart(CheckpointV1 checkpoint) {
    Set<String> held =
        daemonIds(
            checkpoint.claims().values().stream().flatMap(c -> c.devices().stream()).toList());
    return sharing
        .mpsDaemons()
        .map(mps -> {
          List<String> stopped = mps.stopAllBut(held);
          log.info(
              "MPS: {} control daemons no prepared claim holds stopped at start", stopped.size());
          return stopped;
        })
        .orElse(List.of());
  }

  private static Set<String> daemonIds(List<CheckpointDevice> records) {
    return records.stream()
        .map(d -> d.sharingOrNone().mpsControlDaemonId())
        .filter(Objects::nonNull)
        .collect(Collectors.toSet());
  }
}
