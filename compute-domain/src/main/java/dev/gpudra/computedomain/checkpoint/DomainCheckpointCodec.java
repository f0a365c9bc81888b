package dev.gpudra.computedomain.checkpoint;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.gpudra.kit.checkpoint.CheckpointFormat;
import dev.gpudra.kit.checkpoint.ChecksummedEnvelope;
import dev.gpudra.kit.checkpoint.CorruptCheckpointException;

/**
 * The compute-domain plugin's {@link CheckpointFormat}: gpu-dra's envelope around {@link
 * DomainCheckpoint}; NVIDIA's plugin's file at the same path is read too and replaced by the next
 * write.
 */
public final class DomainCheckpointCodec implements CheckpointFormat<DomainCheckpoint> {
  private final ChecksummedEnvelope envelope = new ChecksummedEnvelope();

  @Override
  public byte[] encode(DomainCheckpoint checkpoint) {
    return envelope.seal(DomainCheckpoint.VERSION, envelope.mapper().valueToTree(checkpoint));
  }

  @Override
  public DomainCheckpoint decode(byte[] bytes) {
    JsonNode tree = envelope.parse(bytes);
    if (NvidiaDomainCheckpoint.matches(tree)) {
      try {
        return NvidiaDomainCheckpoint.read(tree);
      } catch (IllegalArgumentException e) {
        throw new CorruptCheckpointException("NVIDIA checkpoint: " + e.getMessage(), e);
      }
    }
    ChecksummedEnvelope.Opened opened = envelope.open(tree);
    if (opened.version() != DomainCheckpoint.VERSION) {
      throw ChecksummedEnvelope.unreadableVersion(opened.version(), DomainCheckpoint.VERSION);
    }
    try {
      return envelope.mapper().treeToValue(opened.data(), DomainCheckpoint.class);
    } catch (JsonProcessingException | IllegalArgumentException e) {
      throw new CorruptCheckpointException("invalid version 1 data: " + e.getMessage(), e);
    }
  }

  @Override
  public DomainCheckpoint empty(String bootId) {
    return DomainCheckpoint.empty(bootId);
  }

  @Override
  public String bootId(DomainCheckpoint checkpoint) {
    return checkpoint.nodeBootId();
  }

  @Override
  public DomainCheckpoint withBootId(DomainCheckpoint checkpoint, String bootId) {
    return checkpoint.withNodeBootId(bootId);
  }

  @Override
  public int claims(DomainCheckpoint checkpoint) {
    return checkpoint.claims().size();
  }

  @Override
  public String recoveryHint() {
    return "the plugin sets it aside and starts afresh when it next starts (the controller's"
        + " cleanup removes node labels of deleted domains)";
  }
}
