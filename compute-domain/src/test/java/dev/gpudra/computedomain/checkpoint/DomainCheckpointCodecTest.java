package dev.gpudra.computedomain.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.kit.checkpoint.ClaimState;
import dev.gpudra.kit.checkpoint.CorruptCheckpointException;
import dev.gpudra.kit.checkpoint.UnsupportedCheckpointVersionException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class DomainCheckpointCodecTest {
  private final DomainCheckpointCodec codec = new DomainCheckpointCodec();

  @Test
  @DisplayName("a written checkpoint reads back equal; an edit breaks its checksum")
  void roundTrip() {
    DomainClaim claim =
        DomainClaim.started("team-a", "c", DomainTarget.CHANNEL, "cd-uid")
            .completed(
                List.of(
                    new DomainDevice(
                        "channel-0",
                        List.of("channel"),
                        "node-a",
                        List.of("k8s.compute-domain.nvidia.com/claim=u-channel-0"))));
    DomainCheckpoint checkpoint = DomainCheckpoint.empty("boot").withClaim("u", claim);

    byte[] bytes = codec.encode(checkpoint);

    assertThat(codec.decode(bytes)).isEqualTo(checkpoint);
    String edited = new String(bytes, StandardCharsets.UTF_8).replace("team-a", "team-b");
    assertThatThrownBy(() -> codec.decode(edited.getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(CorruptCheckpointException.class)
        .hasMessageContaining("checksum mismatch");
  }

  @Test
  @DisplayName(
      "a checkpoint of both targets and non-ASCII text encodes byte for byte as the file earlier"
          + " builds wrote, and decodes from it")
  void encodesTheGoldenFile() throws Exception {
    byte[] golden =
        java.nio.file.Files.readAllBytes(
            java.nio.file.Path.of(
                getClass().getResource("/checkpoints/gpu-dra-domain-v1.json").toURI()));
    DomainCheckpoint checkpoint =
        DomainCheckpoint.empty("boot-2")
            .withClaim(
                "u1",
                DomainClaim.started("team-a", "w", DomainTarget.CHANNEL, "cd-1")
                    .completed(
                        List.of(
                            new DomainDevice(
                                "channel-0",
                                List.of("channel"),
                                "node-a",
                                List.of("k8s.compute-domain.nvidia.com/claim=u1-channel-0")))))
            .withClaim(
                "u0", DomainClaim.started("nvidia-dra", "d", DomainTarget.DAEMON, "cd-\u00e9"));

    assertThat(new String(codec.encode(checkpoint), StandardCharsets.UTF_8))
        .isEqualTo(new String(golden, StandardCharsets.UTF_8));
    assertThat(codec.decode(golden)).isEqualTo(checkpoint);
  }

  @Test
  @DisplayName("NVIDIA's v2 file is read: state, target and domain from the device and configState")
  void readsNvidiaV2() {
    String nvidia =
        """
        {"checksum": 1234, "v1": {"preparedClaims": {}},
         "v2": {"checksum": 0, "nodeBootID": "boot-1", "preparedClaims": {
           "uid-1": {"checkpointState": "PrepareCompleted", "name": "w", "namespace": "team-a",
             "status": {}, "preparedDevices": [{"devices": [{"channel": {"info": {"id": 0},
               "device": {"Requests": ["channel"], "PoolName": "node-a", "DeviceName": "channel-0",
                 "CDIDeviceIDs": ["k8s.compute-domain.nvidia.com/claim=uid-1-channel-0"]}}}],
               "configState": {"Type": "ComputeDomainChannel", "ComputeDomain": "cd-1"}}]},
           "uid-2": {"checkpointState": "PrepareStarted", "name": "d", "namespace": "nvidia-dra",
             "status": {}, "preparedDevices": null}}}}
        """;

    DomainCheckpoint read = codec.decode(nvidia.getBytes(StandardCharsets.UTF_8));

    assertThat(read.nodeBootId()).isEqualTo("boot-1");
    DomainClaim channel = read.claims().get("uid-1");
    assertThat(channel.state()).isEqualTo(ClaimState.PREPARE_COMPLETED);
    assertThat(channel.target()).isEqualTo(DomainTarget.CHANNEL);
    assertThat(channel.domainId()).isEqualTo("cd-1");
    assertThat(channel.devices()).extracting(DomainDevice::device).containsExactly("channel-0");
    assertThat(read.claims().get("uid-2").state()).isEqualTo(ClaimState.PREPARE_STARTED);
  }

  @Test
  @DisplayName("a newer version, the rc.2 list format and an unknown state are refused by name")
  void refusesWhatItCannotRead() {
    byte[] newer =
        new dev.gpudra.kit.checkpoint.ChecksummedEnvelope()
            .seal(2, com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode());
    assertThatThrownBy(() -> codec.decode(newer))
        .isInstanceOf(UnsupportedCheckpointVersionException.class)
        .hasMessageContaining("version 2 was written by a newer gpu-dra");
    assertThatThrownBy(() -> codec.decode("{\"v1\": {\"preparedClaims\": []}}".getBytes()))
        .hasMessageContaining("rc.2 list format");
    assertThatThrownBy(() ->
            codec.decode(
                "{\"v2\": {\"preparedClaims\": {\"u\": {\"checkpointState\": \"Half\"}}}}"
                    .getBytes()))
        .isInstanceOf(CorruptCheckpointException.class)
        .hasMessageContaining("Half");
  }

  @Test
  @DisplayName(
      "NVIDIA 0.5's PrepareAborted claim is read with its time and status; ours round-trips")
  void readsAbortedClaims() {
    String nvidia =
        """
        {"checksum": 1, "v2": {"checksum": 0, "preparedClaims": {
           "uid-3": {"checkpointState": "PrepareAborted", "name": "w", "namespace": "team-a",
             "status": {"allocation": {"devices": {"results": [{"request": "channel",
               "driver": "compute-domain.nvidia.com", "pool": "node-a", "device": "channel-0"}]}}},
             "abortedAt": "2026-12-07T10:00:00Z"}}}}
        """;

    DomainClaim read = codec.decode(nvidia.getBytes(StandardCharsets.UTF_8)).claims().get("uid-3");

    assertThat(read.isAborted()).isTrue();
    assertThat(read.abortedAt()).isEqualTo("2026-12-07T10:00:00Z");
    assertThat(read.statusDigest()).hasSize(32);
    DomainCheckpoint ours = DomainCheckpoint.empty("b").withClaim("uid-3", read);
    assertThat(codec.decode(codec.encode(ours))).isEqualTo(ours);
  }

  @Test
  @DisplayName("an aborted claim expires 90 s after it was undone, or at once when undated")
  void abortedClaimsExpire() {
    java.time.Instant at = java.time.Instant.parse("2026-12-07T10:00:00Z");
    DomainClaim aborted =
        DomainClaim.started("team-a", "w", DomainTarget.CHANNEL, "cd", "d1").aborted(at);
    java.time.Duration ttl = java.time.Duration.ofSeconds(90);

    assertThat(aborted.state()).isEqualTo(ClaimState.PREPARE_ABORTED);
    assertThat(aborted.abortExpired(at.plusSeconds(89), ttl)).isFalse();
    assertThat(aborted.abortExpired(at.plusSeconds(90), ttl)).isTrue();
    DomainClaim undated =
        new DomainClaim(
            ClaimState.PREPARE_ABORTED, "a", "b", DomainTarget.CHANNEL, "", List.of(), "", "");
    assertThat(undated.abortExpired(at, ttl)).isTrue();
    assertThat(DomainClaim.started("a", "b", DomainTarget.CHANNEL, "").abortExpired(at, ttl))
        .as("only aborted claims expire")
        .isFalse();
  }
}
