package dev.gpudra.gpu.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.kit.checkpoint.ChecksummedEnvelope;
import dev.gpudra.kit.checkpoint.ClaimState;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class CheckpointCodecTest {
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
    CheckpointCodec codec = new CheckpointCodec();
    CheckpointV1 checkpoint = CheckpointV1.empty("boot-" + seed);
    for (int step = 0; step < 60; step++) {
      checkpoint = change(checkpoint, random);
      byte[] encoded = codec.encode(checkpoint);

      assertThat(new String(encoded, StandardCharsets.UTF_8))
          .isEqualTo(new String(generic(checkpoint), StandardCharsets.UTF_8));
      assertThat(codec.decode(encoded)).isEqualTo(checkpoint);
    }
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
