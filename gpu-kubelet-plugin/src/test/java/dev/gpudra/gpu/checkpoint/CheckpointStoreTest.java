package dev.gpudra.gpu.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gpudra.kit.checkpoint.CheckpointUnreadableException;
import dev.gpudra.kit.checkpoint.ClaimState;
import dev.gpudra.kit.checkpoint.CorruptCheckpointException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckpointStoreTest {
  @TempDir Path dir;
  Path bootId;
  CheckpointStore store;

  @BeforeEach
  void setUp() throws Exception {
    bootId = dir.resolve("boot_id");
    Files.writeString(bootId, "boot-1\n");
    store = new CheckpointStore(dir.resolve("data"), bootId);
  }

  static PreparedClaim completedClaim() {
    CheckpointDevice gpu =
        new CheckpointDevice(
            "gpu-0",
            "gpu",
            "GPU-a",
            List.of("a"),
            "node-a",
            List.of("k8s.gpu.nvidia.com/claim=u1-gpu-0"),
            false,
            null,
            null,
            null,
            null);
    CheckpointDevice mig =
        new CheckpointDevice(
            "gpu-1-mig-1g5gb-19-0",
            "mig",
            "MIG-b",
            List.of("b"),
            "node-a",
            List.of("k8s.gpu.nvidia.com/claim=u1-gpu-1-mig-1g5gb-19-0"),
            true,
            "share",
            1,
            0,
            null);
    return PreparedClaim.started("default", "c1").completed(List.of(gpu, mig));
  }

  @Test
  @DisplayName("what is written is read back unchanged, with the boot ID")
  void roundTrip() {
    store.update(cp -> cp.withClaim("u1", completedClaim()));
    CheckpointV1 read = new CheckpointStore(dir.resolve("data"), bootId).read();
    assertThat(read.claims()).containsEntry("u1", completedClaim());
    assertThat(read.nodeBootId()).isEqualTo("boot-1");
  }

  @Test
  @DisplayName("a missing file reads as an empty checkpoint with the current boot ID")
  void missingFile() {
    assertThat(store.read()).isEqualTo(CheckpointV1.empty("boot-1"));
  }

  @Test
  @DisplayName("the checksum ignores field order and whitespace")
  void checksumIgnoresFormatting() throws Exception {
    store.update(cp -> cp.withClaim("u1", completedClaim()));
    Path file = checkpointFile();
    ObjectMapper mapper = new ObjectMapper();
    ObjectNode envelope = (ObjectNode) mapper.readTree(file.toFile());
    ObjectNode data = (ObjectNode) envelope.get("data");
    ObjectNode reordered = mapper.createObjectNode();
    reordered.set("claims", data.get("claims"));
    reordered.set("nodeBootId", data.get("nodeBootId"));
    ObjectNode rewritten = mapper.createObjectNode();
    rewritten.set("data", reordered);
    rewritten.set("checksum", envelope.get("checksum"));
    rewritten.set("version", envelope.get("version"));
    Files.writeString(file, mapper.writeValueAsString(rewritten).replace(",", " ,\n  "));
    assertThat(store.read().claims()).containsEntry("u1", completedClaim());
  }

  @Test
  @DisplayName("fields added by a newer version are verified by the checksum and then ignored")
  void unknownFieldsSurvive() throws Exception {
    store.update(cp -> cp.withClaim("u1", completedClaim()));
    ObjectMapper mapper = new ObjectMapper();
    ObjectNode envelope = (ObjectNode) mapper.readTree(checkpointFile().toFile());
    ObjectNode data = (ObjectNode) envelope.get("data");
    data.put("futureTopLevel", "x");
    ((ObjectNode) data.get("claims").get("u1")).putObject("futureClaimField").put("k", 1);
    envelope.put("checksum", dev.gpudra.kit.checkpoint.ChecksummedEnvelope.checksum(data));
    envelope.put("writtenBy", "v2.0");
    Files.writeString(checkpointFile(), mapper.writeValueAsString(envelope));
    assertThat(store.read().claims()).containsEntry("u1", completedClaim());
    assertThat(corruptFiles()).isEmpty();
  }

  @Test
  @DisplayName(
      "bad JSON fails closed: every read and update refuses, naming the file; nothing is set aside"
          + " or overwritten until replaceUnreadable")
  void corruptJson() throws Exception {
    Files.createDirectories(dir.resolve("data"));
    Files.writeString(checkpointFile(), "{not json");

    assertThatThrownBy(() -> store.read())
        .isInstanceOf(CheckpointUnreadableException.class)
        .hasMessageContaining(checkpointFile() + " is unreadable (not JSON")
        .hasMessageContaining("refusing to prepare or unprepare");
    assertThatThrownBy(
            () -> store.update(cp -> cp.withClaim("u2", PreparedClaim.started("ns", "c"))))
        .isInstanceOf(CheckpointUnreadableException.class);
    assertThat(checkpointFile()).hasContent("{not json");
    assertThat(corruptFiles()).isEmpty();

    Path aside = store.replaceUnreadable(CheckpointV1.empty("").withClaim("u3", completedClaim()));

    assertThat(aside.getFileName().toString()).isEqualTo("checkpoint.json.corrupt-1");
    assertThat(aside).hasContent("{not json");
    assertThat(store.read().claims()).containsOnlyKeys("u3");
  }

  @Test
  @DisplayName("a checksum mismatch is unreadable too")
  void checksumMismatch() throws Exception {
    store.update(cp -> cp.withClaim("u1", completedClaim()));
    String text = Files.readString(checkpointFile()).replace("GPU-a", "GPU-z");
    Files.writeString(checkpointFile(), text);

    assertThatThrownBy(() -> store.read())
        .isInstanceOf(CheckpointUnreadableException.class)
        .hasMessageContaining("checksum mismatch")
        .satisfies(e -> assertThat(((CheckpointUnreadableException) e).newerVersion()).isFalse());
  }

  @Test
  @DisplayName("a newer version's checkpoint is refused as newer, never misread or overwritten")
  void newerVersion() throws Exception {
    store.update(cp -> cp.withClaim("u1", completedClaim()));
    String text = Files.readString(checkpointFile()).replace("\"version\" : 1", "\"version\" : 9");
    Files.writeString(checkpointFile(), text);

    assertThatThrownBy(() -> store.read())
        .isInstanceOf(CheckpointUnreadableException.class)
        .hasMessageContaining("version 9 was written by a newer gpu-dra")
        .hasMessageContaining("drain the node and delete the file")
        .satisfies(e -> assertThat(((CheckpointUnreadableException) e).newerVersion()).isTrue());
    assertThat(checkpointFile()).hasContent(text);
  }

  @Test
  @DisplayName("a different boot ID empties the checkpoint; a missing one is filled in")
  void bootIdReset() throws Exception {
    store.update(cp -> cp.withNodeBootId("").withClaim("u1", completedClaim()));
    assertThat(store.read().nodeBootId()).isEqualTo("boot-1");
    assertThat(store.read().claims()).containsOnlyKeys("u1");
    store.update(cp -> cp);
    // A reboot ends the process: the plugin that starts next reads the new boot ID.
    Files.writeString(bootId, "boot-2\n");
    CheckpointStore afterReboot = new CheckpointStore(dir.resolve("data"), bootId);
    assertThat(afterReboot.read()).isEqualTo(CheckpointV1.empty("boot-2"));
  }

  @Test
  @DisplayName("a checkpoint written by another process is read, not served from the cache")
  void anotherWriter() {
    store.update(cp -> cp.withClaim("u1", completedClaim()));
    assertThat(store.read().claims()).containsOnlyKeys("u1");
    CheckpointStore other = new CheckpointStore(dir.resolve("data"), bootId);
    other.update(cp -> cp.withClaim("u2", completedClaim()));
    assertThat(store.read().claims()).containsOnlyKeys("u1", "u2");
    other.update(cp -> cp.withoutClaim("u1"));
    assertThat(store.read().claims()).containsOnlyKeys("u2");
  }

  @Test
  @DisplayName("concurrent updates from many threads lose nothing")
  void concurrentUpdates() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(8);
    List<Future<?>> futures = new ArrayList<>();
    for (int t = 0; t < 8; t++) {
      int thread = t;
      futures.add(
          pool.submit(() -> {
            for (int i = 0; i < 20; i++) {
              String uid = "t" + thread + "-" + i;
              store.update(cp -> cp.withClaim(uid, PreparedClaim.started("ns", uid)));
            }
          }));
    }
    for (Future<?> f : futures) {
      f.get();
    }
    pool.shutdown();
    assertThat(store.read().claims()).hasSize(160);
  }

  @Test
  @DisplayName("the file is the versioned envelope with a sha256 hex checksum")
  void envelopeShape() throws Exception {
    store.update(cp -> cp.withClaim("u1", completedClaim()));
    String text = Files.readString(checkpointFile(), StandardCharsets.UTF_8);
    ObjectNode envelope = (ObjectNode) new ObjectMapper().readTree(text);
    assertThat(envelope.get("version").asInt()).isEqualTo(1);
    assertThat(envelope.get("checksum").asText()).matches("[0-9a-f]{64}");
    assertThat(envelope.at("/data/claims/u1/state").asText()).isEqualTo("PrepareCompleted");
    assertThat(envelope.at("/data/claims/u1/devices/1/gpuInstanceId").asInt()).isEqualTo(1);
  }

  private Path checkpointFile() {
    return dir.resolve("data").resolve(CheckpointStore.FILE_NAME);
  }

  private List<String> corruptFiles() throws Exception {
    try (var files = Files.list(dir.resolve("data"))) {
      return files
          .map(p -> p.getFileName().toString())
          .filter(n -> n.contains(".corrupt-"))
          .sorted()
          .toList();
    }
  }

  @Test
  @DisplayName(
      "NVIDIA 0.5's checkpoint, which writes the unset device types as null beside the set one"
          + " (\"mig\": null next to \"gpu\"), is imported as a whole GPU")
  void importsNvidia05NullTypes() throws Exception {
    Path data = dir.resolve("data");
    Files.createDirectories(data);
    String v2 =
        Files.readString(Path.of(getClass().getResource("/checkpoints/nvidia-v2.json").toURI()));
    String nulls = v2.replace("{\"gpu\": {\"info\"", "{\"mig\": null, \"gpu\": {\"info\"");
    assertThat(nulls).isNotEqualTo(v2);
    Files.writeString(data.resolve(CheckpointStore.FILE_NAME), nulls);

    PreparedClaim training = store.read().claims().get("11111111-aaaa-4000-8000-000000000001");

    assertThat(training.devices().getFirst().device()).isEqualTo("gpu-3");
    assertThat(training.devices().getFirst().type()).isEqualTo("gpu");
  }

  @Test
  @DisplayName(
      "NVIDIA's checkpoint (v2) is imported: completed and started claims, their devices, CDI IDs,"
          + " names and boot ID; the next write is ours")
  void importsNvidiasCheckpoint() throws Exception {
    Path data = dir.resolve("data");
    Files.createDirectories(data);
    Files.copy(
        Path.of(getClass().getResource("/checkpoints/nvidia-v2.json").toURI()),
        data.resolve(CheckpointStore.FILE_NAME));

    CheckpointV1 read = store.read();

    assertThat(read.nodeBootId()).isEqualTo("boot-1");
    PreparedClaim training = read.claims().get("11111111-aaaa-4000-8000-000000000001");
    assertThat(training.state()).isEqualTo(ClaimState.PREPARE_COMPLETED);
    assertThat(training.namespace() + "/" + training.name()).isEqualTo("team-a/training");
    assertThat(training.devices())
        .containsExactly(
            new CheckpointDevice(
                "gpu-3",
                "gpu",
                "GPU-3333",
                List.of("gpu"),
                "node-a",
                List.of("k8s.gpu.nvidia.com/claim=11111111-aaaa-4000-8000-000000000001-gpu-3"),
                false,
                null,
                null,
                null,
                null),
            new CheckpointDevice(
                "gpu-1-mig-1g5gb-19-0",
                "mig",
                "MIG-1919",
                List.of("mig"),
                "node-a",
                List.of(
                    "k8s.gpu.nvidia.com/claim=11111111-aaaa-4000-8000-000000000001"
                        + "-gpu-1-mig-1g5gb-19-0"),
                true,
                "share-1",
                9,
                0,
                null));
    PreparedClaim started = read.claims().get("22222222-bbbb-4000-8000-000000000002");
    assertThat(started.state()).isEqualTo(ClaimState.PREPARE_STARTED);
    assertThat(started.name()).isEqualTo("half-done");

    store.update(cp -> cp.withoutClaim("22222222-bbbb-4000-8000-000000000002"));
    assertThat(Files.readString(data.resolve(CheckpointStore.FILE_NAME))).contains("\"version\"");
    assertThat(store.read().claims()).containsOnlyKeys("11111111-aaaa-4000-8000-000000000001");
  }

  @Test
  @DisplayName("NVIDIA's v1-only checkpoint: its claims are completed ones")
  void importsNvidiasV1() throws Exception {
    Path data = dir.resolve("data");
    Files.createDirectories(data);
    String v1Only =
        """
        {"checksum": 1, "v1": {"checksum": 0, "preparedClaims": {"u1": {
          "status": {}, "preparedDevices": [{"devices": [{"gpu": {"info": {"uuid": "GPU-0"},
          "device": {"Requests": ["r"], "PoolName": "node-a", "DeviceName": "gpu-0",
          "CDIDeviceIDs": ["k8s.gpu.nvidia.com/claim=u1-gpu-0"]}}}]}]}}}}
        """;
    Files.writeString(data.resolve(CheckpointStore.FILE_NAME), v1Only);

    PreparedClaim claim = store.read().claims().get("u1");

    assertThat(claim.state()).isEqualTo(ClaimState.PREPARE_COMPLETED);
    assertThat(claim.devices()).extracting(CheckpointDevice::device).containsExactly("gpu-0");
  }

  @Test
  @DisplayName("an NVIDIA checkpoint with a device lacking its name is corrupt, naming the claim")
  void nvidiaCheckpointMissingField() {
    String broken =
        """
        {"v2": {"preparedClaims": {"u9": {"checkpointState": "PrepareCompleted",
          "preparedDevices": [{"devices": [{"gpu": {"info": {"uuid": "GPU-0"},
          "device": {"PoolName": "node-a"}}}]}]}}}}
        """;

    assertThatThrownBy(() -> new CheckpointCodec().decode(broken.getBytes()))
        .isInstanceOf(CorruptCheckpointException.class)
        .hasMessage("NVIDIA checkpoint, claim u9: a device has no DeviceName");
  }
}
