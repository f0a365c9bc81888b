package dev.gpudra.gpu.checkpoint;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.gpudra.kit.checkpoint.CheckpointFormat;
import dev.gpudra.kit.checkpoint.ChecksummedEnvelope;
import dev.gpudra.kit.checkpoint.CorruptCheckpointException;

/**
 * The GPU plugin's {@link CheckpointFormat}: gpu-dra's envelope ({@link ChecksummedEnvelope})
 * around {@link CheckpointV1}. NVIDIA's plugin's checkpoint at the same path is read too ({@link
 * NvidiaCheckpoint}); the next write replaces it with ours. Reading our envelope dispatches on
 * {@code version}: every older version is migrated step by step up to the current record type, so
 * the rest of the plugin only ever sees {@link CheckpointV1} (today the only version).
 */
public final class CheckpointCodec implements CheckpointFormat<CheckpointV1> {
  private final ChecksummedEnvelope envelope = new ChecksummedEnvelope();
  private final ClaimTexts claims = new ClaimTexts(envelope.mapper());

  /**
   * The same bytes as sealing the checkpoint's whole tree, rendering only the claims that changed
   * since the last call.
   */
  @Override
  public byte[] encode(CheckpointV1 checkpoint) {
    return envelope.seal(
        CheckpointV1.VERSION,
        envelope.mapper().valueToTree(checkpoint.withoutClaims()),
        claims.render(checkpoint.claims()));
  }

  /**
   * @throws CorruptCheckpointException when the bytes are not a verifiable checkpoint
   */
  @Override
  public CheckpointV1 decode(byte[] bytes) {
    JsonNode tree = envelope.parse(bytes);
    if (NvidiaCheckpoint.matches(tree)) {
      return NvidiaCheckpoint.read(tree);
    }
    ChecksummedEnvelope.Opened opened = envelope.open(tree);
    return switch (opened.version()) {
      case CheckpointV1.VERSION -> readV1(opened.data());
      default ->
          throw ChecksummedEnvelope.unreadableVersion(opened.version(), CheckpointV1.VERSION);
    };
  }

  @Override
  public CheckpointV1 empty(String bootId) {
    return CheckpointV1.empty(bootId);
  }

  @Override
  public String bootId(CheckpointV1 checkpoint) {
    return checkpoint.nodeBootId();
  }

  @Override
  public CheckpointV1 withBootId(CheckpointV1 checkpoint, String bootId) {
    return checkpoint.withNodeBootId(bootId);
  }

  @Override
  public int claims(CheckpointV1 checkpoint) {
    return checkpoint.claims().size();
  }

  private CheckpointV1 readV1(JsonNode data) {
    try {
      return envelope.mapper().treeToValue(data, CheckpointV1.class);
    } catch (JsonProcessingException | IllegalArgumentException e) {
      throw new CorruptCheckpointException("invalid version 1 data: " + e.getMessage(), e);
    }
  }
}
