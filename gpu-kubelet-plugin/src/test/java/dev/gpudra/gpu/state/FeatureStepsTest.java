package dev.gpudra.gpu.state;

import static dev.gpudra.testfixtures.claims.TestClaims.claim;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.gpu.checkpoint.CheckpointDevice;
import dev.gpudra.gpu.checkpoint.CheckpointV1;
import dev.gpudra.gpu.checkpoint.SharingRecord;
import dev.gpudra.gpu.config.AllocatedDevice;
import dev.gpudra.gpu.config.ConfigGroup;
import dev.gpudra.gpu.discovery.AllocatableDevice;
import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.cdi.ContainerEdits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The engine calls each registered feature at each step, in registration and step order. */
class FeatureStepsTest {
  static final String UID = "aaaaaaaa-0000-0000-0000-000000000001";

  @TempDir Path dir;
  private final List<String> calls = new ArrayList<>();

  @Test
  @DisplayName(
      "prepare calls each feature's steps in order around the durable steps, features in"
          + " registration order; unprepare releases, then tells them")
  void stepsInOrder() throws Exception {
    TestNode node = node(new Recording("a", calls), new Recording("b", calls));

    node.state.prepare(claim(UID, "c").result("gpu", "gpu-0").result("gpu", "gpu-1").build());

    assertThat(calls)
        .containsExactly(
            "a busy gpu-0",
            "b busy gpu-0",
            "a busy gpu-1",
            "b busy gpu-1",
            "a plan",
            "b plan",
            "a conflicts",
            "b conflicts",
            "a before",
            "b before",
            "PREPARE_STARTED_WRITTEN",
            "a claim",
            "b claim",
            "a set up gpu-0",
            "b set up gpu-0",
            "a set up gpu-1",
            "b set up gpu-1",
            "DEVICES_SET_UP",
            "a edits gpu-0",
            "b edits gpu-0",
            "a edits gpu-1",
            "b edits gpu-1",
            "CDI_SPEC_WRITTEN",
            "PREPARE_COMPLETED_WRITTEN",
            "a changed",
            "b changed");
    calls.clear();

    node.state.unprepare(new ClaimRef("default", "c", UID));

    assertThat(calls)
        .containsExactly(
            "a release [gpu-0, gpu-1]",
            "b release [gpu-0, gpu-1]",
            "CDI_SPEC_DELETED",
            "CHECKPOINT_ENTRY_REMOVED",
            "a changed",
            "b changed");
  }

  @Test
  @DisplayName(
      "a later feature's planned record replaces an earlier one's, and what set-up returns is what"
          + " the checkpoint keeps; the features' edits reach the CDI spec")
  void recordsAndEdits() throws Exception {
    TestNode node = node(new Recording("a", calls), new Recording("b", calls));

    node.state.prepare(claim(UID, "c").result("gpu", "gpu-0").build());

    CheckpointDevice stored = node.checkpoints.read().claims().get(UID).devices().getFirst();
    assertThat(stored.sharingOrNone())
        .isEqualTo(SharingRecord.timeSliced("Long").withVfioPersistenceMode(true));
    assertThat(Files.readString(node.specFile(UID))).contains("FEATURE_A=gpu-0", "FEATURE_B=gpu-0");
  }

  @Test
  @DisplayName("a feature that keeps a device busy refuses the claim before anything is written")
  void busyRefusesBeforeStart() throws Exception {
    TestNode node = node(new Recording("a", calls), new Busy());

    assertThatThrownBy(() -> node.state.prepare(claim(UID, "c").result("gpu", "gpu-1").build()))
        .isInstanceOf(DeviceBusyException.class)
        .hasMessageContaining("gpu-1");

    assertThat(node.checkpoints.read().claims()).isEmpty();
    assertThat(node.specFile(UID)).doesNotExist();
    assertThat(calls).containsExactly("a busy gpu-1");
  }

  private TestNode node(DeviceFeature... features) throws Exception {
    return new TestNode(dir, List.of(features), (step, uid) -> calls.add(step.name()));
  }

  /** Records each call; "a" plans a time slice, "b" replaces it and marks set-up devices. */
  private record Recording(String name, List<String> calls) implements DeviceFeature {
    @Override
    public Map<AllocatedDevice, SharingRecord> plan(String claimUid, ConfigGroup group) {
      calls.add(name + " plan");
      Map<AllocatedDevice, SharingRecord> records = new HashMap<>();
      SharingRecord record = SharingRecord.timeSliced(name.equals("a") ? "Short" : "Long");
      group.devices().forEach(d -> records.put(d, record));
      return records;
    }

    @Override
    public void refuseBusy(
        String claim, String uid, List<String> results, String device, CheckpointV1 checkpoint) {
      calls.add(name + " busy " + device);
    }

    @Override
    public void refuseConflicts(ClaimPlan claim, List<CheckpointDevice> planned, CheckpointV1 cp) {
      calls.add(name + " conflicts");
    }

    @Override
    public List<CheckpointDevice> beforeStart(ClaimPlan claim, List<CheckpointDevice> planned) {
      calls.add(name + " before");
      return planned;
    }

    @Override
    public void setUpClaim(ClaimPlan claim, List<CheckpointDevice> records) {
      calls.add(name + " claim");
    }

    @Override
    public CheckpointDevice setUpDevice(
        ClaimPlan claim, CheckpointDevice record, AllocatableDevice device) {
      calls.add(name + " set up " + device.name());
      return name.equals("b")
          ? record.withSharing(record.sharingOrNone().withVfioPersistenceMode(true))
          : record;
    }

    @Override
    public ContainerEdits edits(CheckpointDevice record) {
      calls.add(name + " edits " + record.device());
      return new ContainerEdits(
          List.of("FEATURE_" + name.toUpperCase(java.util.Locale.ROOT) + "=" + record.device()),
          null,
          null,
          null);
    }

    @Override
    public void release(Release release) {
      calls.add(
          name + " release " + release.records().stream().map(CheckpointDevice::device).toList());
    }

    @Override
    public void changed() {
      calls.add(name + " changed");
    }
  }

  /** Keeps gpu-1 from every claim. */
  private static final class Busy implements DeviceFeature {
    @Override
    public void refuseBusy(
        String claim, String uid, List<String> results, String device, CheckpointV1 checkpoint) {
      if (device.equals("gpu-1")) {
        throw new DeviceBusyException(claim, device, "gpu-0", "another-claim");
      }
    }
  }
}
