package dev.gpudra.gpu.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.kit.checkpoint.ChecksummedEnvelope;
import dev.gpudra.kit.checkpoint.ClaimState;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class CheckpointCodecTest {
  /** SHA-256 of {@link #large()} as gpu-dra wrote it before issue 38 (libcrypto's checksum). */
  private static final String LARGE_FILE_SHA256 =
      "ccfb71f9890af7697d6ab9c9f3dd03a4b9d1bad8cfd71eecfbfdd845d4951bda";

  private final CheckpointCodec codec = new CheckpointCodec();

  private static final String[] TEXT = {
    "gpu-0", "a", "Ünï", "\"q\"", "back\\slash", "tab\t", "😀", ""
  };

  static LongStream seeds() {
    return LongStream.range(0, 25);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  @DisplayName(
      "through a run of updates, each encoding is byte for byte the whole tree sealed generically,"
          + " and decodes to the checkpoint")
  void encodesLikeTheGenericTree(long seed) {
    Random random = new Random(seed);
    CheckpointV1 checkpoint = CheckpointV1.empty("boot-" + seed);
    for (int step = 0; step < 60; step++) {
      checkpoint = change(checkpoint, random);
      byte[] encoded = codec.encode(checkpoint);

      assertThat(new String(encoded, StandardCharsets.UTF_8))
          .isEqualTo(new String(generic(checkpoint), StandardCharsets.UTF_8));
      assertThat(codec.decode(encoded)).isEqualTo(checkpoint);
    }
  }

  @Test
  @DisplayName(
      "a checkpoint of every field kind (escapes, non-BMP text, MIG, sharing, passthrough) encodes"
          + " byte for byte as the file earlier builds wrote, and decodes from it")
  void encodesTheGoldenFile() throws Exception {
    byte[] golden =
        Files.readAllBytes(Path.of(getClass().getResource("/checkpoints/gpu-dra-v1.json").toURI()));

    assertThat(new String(codec.encode(sample()), StandardCharsets.UTF_8))
        .isEqualTo(new String(golden, StandardCharsets.UTF_8));
    assertThat(codec.decode(golden)).isEqualTo(sample());
  }

  @Test
  @DisplayName(
      "a 190 KB checkpoint of 400 claims, encoded after another, is the file earlier builds wrote")
  void encodesLargeLikeEarlierBuilds() throws Exception {
    codec.encode(large().withoutClaim(uid(0)));
    byte[] encoded = codec.encode(large());

    assertThat(encoded).hasSize(192_221);
    assertThat(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(encoded)))
        .isEqualTo(LARGE_FILE_SHA256);
  }

  /** What {@code gpu-dra-v1.json} holds. */
  private static CheckpointV1 sample() {
    CheckpointDevice gpu =
        new CheckpointDevice(
            "gpu-0",
            "gpu",
            "GPU-0aa1",
            List.of("req"),
            "node-a",
            List.of("k8s.gpu.nvidia.com/claim=u1-gpu-0"),
            false,
            null,
            null,
            null,
            SharingRecord.timeSliced("Long"));
    CheckpointDevice mig =
        new CheckpointDevice(
            "gpu-1-mig-1g10gb-0",
            "mig",
            "MIG-77",
            List.of("a", "b"),
            "node-a",
            List.of(),
            true,
            "share-\"1\"",
            3,
            0,
            SharingRecord.mps("daemon-1"));
    CheckpointDevice planned =
        new CheckpointDevice(
            "gpu-2-mig-2g",
            "mig",
            "",
            List.of(),
            "node-a",
            List.of("k8s.gpu.nvidia.com/claim=u2"),
            false,
            null,
            null,
            null,
            null);
    CheckpointDevice vfio =
        new CheckpointDevice(
            "gpu-3",
            "vfio",
            "GPU-\u00dcn\u00ef \uD83D\uDE00",
            List.of("tab\tback\\slash"),
            "node-a",
            List.of("k8s.gpu.nvidia.com/claim=u3-gpu-3"),
            false,
            null,
            null,
            null,
            SharingRecord.passthrough("iommufd", true).withVfioPersistenceMode(true));
    return CheckpointV1.empty("boot-1")
        .withClaim("u1", PreparedClaim.started("team-a", "c1").completed(List.of(gpu, mig)))
        .withClaim("u2", PreparedClaim.started("team-b", "c2", List.of(planned)))
        .withClaim("u3\u0001", PreparedClaim.started("", null).completed(List.of(vfio)))
        .withClaim("a-first", PreparedClaim.started("ns", "empty"));
  }

  private static CheckpointV1 large() {
    CheckpointV1 checkpoint = CheckpointV1.empty("boot-large");
    for (int i = 0; i < 400; i++) {
      CheckpointDevice device =
          new CheckpointDevice(
              "gpu-" + (i % 8),
              "gpu",
              "GPU-" + i,
              List.of("gpu"),
              "node-a",
              List.of("k8s.gpu.nvidia.com/claim=" + uid(i) + "-gpu-" + (i % 8)),
              i % 3 == 0,
              null,
              null,
              null,
              null);
      checkpoint =
          checkpoint.withClaim(
              uid(i),
              PreparedClaim.started("team-" + (i % 5), "claim-" + i).completed(List.of(device)));
    }
    return checkpoint;
  }

  private static String uid(int i) {
    return String.format("%08x-0000-4000-8000-%012d", i * 7919, i);
  }

  /** How gpu-dra encoded the checkpoint before claims were rendered once each. */
  private static byte[] generic(CheckpointV1 checkpoint) {
    ChecksummedEnvelope envelope = new ChecksummedEnvelope();
    return envelope.seal(CheckpointV1.VERSION, envelope.mapper().valueToTree(checkpoint));
  }

  private static CheckpointV1 change(CheckpointV1 checkpoint, Random random) {
    List<String> uids = new ArrayList<>(checkpoint.claims().keySet());
    int op = random.nextInt(10);
    if (op == 0 && !uids.isEmpty()) {
      return checkpoint.withoutClaim(uids.get(random.nextInt(uids.size())));
    }
    if (op == 1) {
      return checkpoint.withNodeBootId(text(random));
    }
    if (op == 2) {
      return checkpoint; // unchanged: every claim is served from the cache
    }
    String uid =
        op < 6 && !uids.isEmpty()
            ? uids.get(random.nextInt(uids.size()))
            : "u" + random.nextInt(1000) + text(random);
    return checkpoint.withClaim(uid, claim(random));
  }

  static PreparedClaim claim(Random random) {
    List<CheckpointDevice> devices = new ArrayList<>();
    for (int i = random.nextInt(4); i > 0; i--) {
      devices.add(device(random));
    }
    ClaimState state =
        random.nextBoolean() ? ClaimState.PREPARE_STARTED : ClaimState.PREPARE_COMPLETED;
    return new PreparedClaim(
        state, text(random), random.nextBoolean() ? null : text(random), devices);
  }

  private static CheckpointDevice device(Random random) {
    String type = List.of("gpu", "mig", "vfio").get(random.nextInt(3));
    boolean created = "mig".equals(type) || random.nextInt(4) == 0;
    return new CheckpointDevice(
        "gpu-" + random.nextInt(8) + text(random),
        type,
        "mig".equals(type) && random.nextInt(5) == 0 ? "" : "GPU-" + text(random),
        texts(random),
        text(random),
        random.nextBoolean() ? null : texts(random),
        random.nextBoolean(),
        random.nextBoolean() ? null : text(random),
        created ? random.nextInt(15) : null,
        created ? random.nextInt(8) : null,
        sharing(random));
  }

  private static SharingRecord sharing(Random random) {
    return switch (random.nextInt(5)) {
      case 0 -> null;
      case 1 -> SharingRecord.timeSliced(text(random));
      case 2 -> SharingRecord.mps(text(random));
      case 3 -> SharingRecord.passthrough("legacy", random.nextBoolean());
      default ->
          SharingRecord.passthrough("iommufd", random.nextBoolean())
              .withVfioPersistenceMode(random.nextBoolean());
    };
  }

  private static List<String> texts(Random random) {
    List<String> values = new ArrayList<>();
    for (int i = random.nextInt(3); i > 0; i--) {
      values.add(text(random));
    }
    return values;
  }

  private static String text(Random random) {
    return TEXT[random.nextInt(TEXT.length)] + (random.nextBoolean() ? "" : random.nextInt(100));
  }
}
