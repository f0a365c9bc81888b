package dev.gpudra.gpu.state;

import static dev.gpudra.testfixtures.claims.TestClaims.claim;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.gpu.checkpoint.PreparedClaim;
import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PreparedDevice;
import dev.gpudra.kit.cdi.CdiException;
import dev.gpudra.kit.checkpoint.ClaimState;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DeviceStateTest {
  static final String UID_A = "aaaaaaaa-0000-0000-0000-000000000001";
  static final String UID_B = "bbbbbbbb-0000-0000-0000-000000000002";

  @TempDir Path dir;
  TestNode node;

  @BeforeEach
  void setUp() throws Exception {
    node = new TestNode(dir);
  }

  @Test
  @DisplayName("prepare returns one device per result with base request, pool and CDI ID")
  void prepares() throws Exception {
    ResourceClaim c =
        claim(UID_A, "a").result("gpus/small", "gpu-0").result("mig", TestNode.MIG).build();
    List<PreparedDevice> devices = node.state.prepare(c);
    assertThat(devices)
        .containsExactly(
            new PreparedDevice(
                List.of("gpus"),
                "node-a",
                "gpu-0",
                List.of("k8s.gpu.nvidia.com/claim=" + UID_A + "-gpu-0"),
                Optional.empty()),
            new PreparedDevice(
                List.of("mig"),
                "node-a",
                TestNode.MIG,
                List.of("k8s.gpu.nvidia.com/claim=" + UID_A + "-" + TestNode.MIG),
                Optional.empty()));
    assertThat(node.specs.parse(Files.readString(node.specFile(UID_A))).devices()).hasSize(2);
    PreparedClaim stored = node.checkpoints.read().claims().get(UID_A);
    assertThat(stored.state()).isEqualTo(ClaimState.PREPARE_COMPLETED);
    assertThat(stored.namespace()).isEqualTo("default");
    assertThat(stored.devices().get(1).gpuInstanceId()).isEqualTo(1);
  }

  @Test
  @DisplayName(
      "preparing a completed claim again returns the stored devices and writes a spec that went"
          + " missing again, the same as before")
  void prepareIsIdempotent() throws Exception {
    ResourceClaim c = claim(UID_A, "a").result("gpu", "gpu-0").result("mig", TestNode.MIG).build();
    List<PreparedDevice> first = node.state.prepare(c);
    String spec = Files.readString(node.specFile(UID_A));
    Files.delete(node.specFile(UID_A));

    assertThat(node.state.prepare(c)).isEqualTo(first);

    assertThat(node.specFile(UID_A)).hasContent(spec);
  }

  @Test
  @DisplayName("CDI specs are 0644, as nvcdi writes them: runtimes and tools read them")
  void specMode() throws Exception {
    node.state.prepare(claim(UID_A, "a").result("gpu", "gpu-0").build());

    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(node.specFile(UID_A))))
        .isEqualTo("rw-r--r--");
  }

  @Test
  @DisplayName(
      "an unprepare that cannot delete the CDI spec fails and keeps the checkpoint entry for the"
          + " kubelet's retry")
  void unprepareFailsWhenTheSpecStays() throws Exception {
    ResourceClaim c = claim(UID_A, "a").result("gpu", "gpu-0").build();
    node.state.prepare(c);
    Path spec = node.specFile(UID_A);
    Files.delete(spec);
    Files.createDirectories(spec.resolve("in-the-way")); // a non-empty directory cannot be deleted
    ClaimRef ref = new ClaimRef("default", "a", UID_A);

    assertThatThrownBy(() -> node.state.unprepare(ref))
        .isInstanceOf(CdiException.class)
        .hasMessageContaining("cannot delete CDI spec " + spec);
    assertThat(node.checkpoints.read().claims()).containsOnlyKeys(UID_A);

    Files.delete(spec.resolve("in-the-way"));
    node.state.unprepare(ref);
    assertThat(node.checkpoints.read().claims()).isEmpty();
  }

  @Test
  @DisplayName("a device prepared for another completed claim is refused")
  void deviceBusy() {
    node.state.prepare(claim(UID_A, "a").result("gpu", "gpu-0").build());
    ResourceClaim other = claim(UID_B, "b").result("gpu", "gpu-0").build();
    assertThatThrownBy(() -> node.state.prepare(other))
        .isInstanceOf(DeviceBusyException.class)
        .hasMessage(
            "claim default/b: requested device \"gpu-0\" is already allocated to different claim "
                + UID_A);
    assertThat(node.checkpoints.read().claims()).containsOnlyKeys(UID_A);
  }

  @Test
  @DisplayName("admin access may use a device another claim holds")
  void adminAccessIsNotBusy() {
    node.state.prepare(claim(UID_A, "a").result("gpu", "gpu-0").build());
    ResourceClaim admin = claim(UID_B, "b").result("gpu", "gpu.nvidia.com", "gpu-0", true).build();
    assertThat(node.state.prepare(admin)).hasSize(1);
  }

  @Test
  @DisplayName("unprepare deletes spec and entry; unknown or repeated unprepare succeeds")
  void unprepareIsIdempotent() {
    node.state.unprepare(new ClaimRef("default", "x", "never-prepared"));
    node.state.prepare(claim(UID_A, "a").result("gpu", "gpu-0").build());
    ClaimRef ref = new ClaimRef("default", "a", UID_A);
    node.state.unprepare(ref);
    node.state.unprepare(ref);
    assertThat(node.specFile(UID_A)).doesNotExist();
    assertThat(node.checkpoints.read().claims()).isEmpty();
    assertThat(node.state.prepare(claim(UID_B, "b").result("gpu", "gpu-0").build())).hasSize(1);
  }

  @Test
  @DisplayName("a stale PrepareStarted entry of the same claim is rolled back and redone")
  void rollsBackStaleStart() throws Exception {
    node.checkpoints.update(cp -> cp.withClaim(UID_A, PreparedClaim.started("default", "a")));
    Files.createDirectories(node.cdiRoot);
    Files.writeString(node.specFile(UID_A), "partial: true\n");
    node.state.prepare(claim(UID_A, "a").result("gpu", "gpu-1").build());
    assertThat(node.checkpoints.read().claims().get(UID_A).isCompleted()).isTrue();
    assertThat(node.specs.parse(Files.readString(node.specFile(UID_A))).devices()).hasSize(1);
  }

  @Test
  @DisplayName("an unknown device fails naming it and leaves nothing for the claim")
  void unknownDevice() {
    ResourceClaim c = claim(UID_A, "a").result("gpu", "gpu-7").build();
    assertThatThrownBy(() -> node.state.prepare(c))
        .isInstanceOf(UnknownDeviceException.class)
        .hasMessageContaining("claim default/a: allocated device \"gpu-7\" does not exist");
    assertThat(node.checkpoints.read().claims()).isEmpty();
    assertThat(node.specFile(UID_A)).doesNotExist();
  }

  @Test
  @DisplayName("results of other drivers are ignored; an unallocated claim is invalid")
  void otherDriversAndUnallocated() {
    ResourceClaim mixed =
        claim(UID_A, "a")
            .result("gpu", "gpu-0")
            .result("nic", "nic.example.com", "eth0", false)
            .build();
    assertThat(node.state.prepare(mixed))
        .extracting(PreparedDevice::deviceName)
        .containsExactly("gpu-0");
    assertThatThrownBy(() -> node.state.prepare(claim(UID_B, "b").unallocated().build()))
        .isInstanceOf(InvalidClaimException.class)
        .hasMessageContaining("default/b is not allocated");
  }

  @Test
  @DisplayName(
      "a node moved from NVIDIA's plugin: its prepared GPU is busy for other claims, and its claim"
          + " is unprepared by us")
  void movedFromNvidiasPlugin() throws Exception {
    Files.createDirectories(dir.resolve("plugin"));
    Files.copy(
        Path.of(getClass().getResource("/checkpoints/nvidia-v2.json").toURI()),
        dir.resolve("plugin/checkpoint.json"));
    String nvidiaClaim = "11111111-aaaa-4000-8000-000000000001";

    assertThatThrownBy(() -> node.state.prepare(claim(UID_B, "b").result("gpu", "gpu-3").build()))
        .isInstanceOf(DeviceBusyException.class)
        .hasMessageContaining("already allocated to different claim " + nvidiaClaim);

    node.state.unprepare(new ClaimRef("team-a", "training", nvidiaClaim));
    assertThat(node.checkpoints.read().claims()).doesNotContainKey(nvidiaClaim);
  }
}
