package dev.gpudra.gpu.state;

import static dev.gpudra.testfixtures.claims.TestClaims.claim;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.gpu.checkpoint.PreparedClaim;
import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PreparedDevice;
import dev.gpudra.kit.checkpoint.CheckpointUnreadableException;
import dev.gpudra.kit.checkpoint.ClaimState;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckpointRecoveryTest {
  static final String UID_A = "aaaaaaaa-0000-0000-0000-000000000001";
  static final String UID_B = "bbbbbbbb-0000-0000-0000-000000000002";

  @TempDir Path dir;
  TestNode node;
  Path checkpointFile;

  @BeforeEach
  void setUp() throws Exception {
    node = new TestNode(dir);
    checkpointFile = dir.resolve("plugin/checkpoint.json");
  }

  @Test
  @DisplayName(
      "a damaged checkpoint is rebuilt from the CDI specs: their devices stay busy, the kubelet's"
          + " next prepare of the claim completes it from its allocation, nothing is double-allocated")
  void rebuildsFromSpecs() throws Exception {
    ResourceClaim a =
        claim(UID_A, "a").result("gpus/x", "gpu-0").result("mig", TestNode.MIG).build();
    List<PreparedDevice> before = node.state.prepare(a);
    Files.writeString(checkpointFile, "{damaged");
    assertThatThrownBy(() -> node.state.prepare(claim(UID_B, "b").result("gpu", "gpu-1").build()))
        .isInstanceOf(CheckpointUnreadableException.class);

    assertThat(new GpuDraDriver(node.state).ready()).as("readiness while unreadable").isFalse();

    CheckpointRecovery.Outcome outcome = node.recovery.run();

    assertThat(new GpuDraDriver(node.state).ready()).as("readiness once rebuilt").isTrue();
    assertThat(outcome).isInstanceOf(CheckpointRecovery.Outcome.Rebuilt.class);
    assertThat(((CheckpointRecovery.Outcome.Rebuilt) outcome).claims()).isEqualTo(1);
    assertThat(dir.resolve("plugin/checkpoint.json.corrupt-1")).hasContent("{damaged");
    PreparedClaim recovered = node.checkpoints.read().claims().get(UID_A);
    assertThat(recovered.state()).isEqualTo(ClaimState.PREPARE_COMPLETED);
    assertThat(recovered.devices())
        .extracting(d -> d.device())
        .containsExactlyInAnyOrder("gpu-0", TestNode.MIG);
    assertThatThrownBy(() -> node.state.prepare(claim(UID_B, "b").result("gpu", "gpu-0").build()))
        .isInstanceOf(DeviceBusyException.class);

    assertThat(node.state.prepare(a)).containsExactlyInAnyOrderElementsOf(before);
    assertThat(node.checkpoints.read().claims().get(UID_A).name()).isEqualTo("a");

    node.state.unprepare(new ClaimRef("default", "a", UID_A));
    assertThat(node.specFile(UID_A)).doesNotExist();
    assertThat(node.state.prepare(claim(UID_B, "b").result("gpu", "gpu-0").build())).hasSize(1);
  }

  @Test
  @DisplayName("a recovered claim whose allocation names other devices fails, naming both")
  void recoveredMismatch() throws Exception {
    node.state.prepare(claim(UID_A, "a").result("gpu", "gpu-0").build());
    Files.writeString(checkpointFile, "{damaged");
    node.recovery.run();

    assertThatThrownBy(() -> node.state.prepare(claim(UID_A, "a").result("gpu", "gpu-1").build()))
        .isInstanceOf(InvalidClaimException.class)
        .hasMessageContaining("names [gpu-0] but its allocation names [gpu-1]");
  }

  @Test
  @DisplayName(
      "a newer version's checkpoint is left alone and the plugin keeps refusing (fail-closed)")
  void newerVersionRefuses() throws Exception {
    node.state.prepare(claim(UID_A, "a").result("gpu", "gpu-0").build());
    String newer = Files.readString(checkpointFile).replace("\"version\" : 1", "\"version\" : 2");
    Files.writeString(checkpointFile, newer);

    CheckpointRecovery.Outcome outcome = node.recovery.run();

    assertThat(outcome).isInstanceOf(CheckpointRecovery.Outcome.Refusing.class);
    assertThat(checkpointFile).hasContent(newer);
    assertThat(new GpuDraDriver(node.state).ready()).as("readiness").isFalse();
    assertThatThrownBy(() -> node.state.prepare(claim(UID_B, "b").result("gpu", "gpu-1").build()))
        .isInstanceOf(CheckpointUnreadableException.class)
        .hasMessageContaining("newer gpu-dra");
  }

  @Test
  @DisplayName("a readable checkpoint is left as it is")
  void readable() {
    node.state.prepare(claim(UID_A, "a").result("gpu", "gpu-0").build());

    assertThat(node.recovery.run()).isInstanceOf(CheckpointRecovery.Outcome.Readable.class);
    assertThat(node.checkpoints.read().claims()).containsOnlyKeys(UID_A);
  }
}
