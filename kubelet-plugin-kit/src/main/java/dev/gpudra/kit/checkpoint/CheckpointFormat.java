package dev.gpudra.kit.checkpoint;

/**
 * How one driver's checkpoint type {@code T} is stored by a {@link CheckpointFile}: its bytes, its
 * empty value and the node boot ID it was written under.
 *
 * @param <T> the driver's checkpoint record
 */
public interface CheckpointFormat<T> {

  byte[] encode(T checkpoint);

  /**
   * @throws CorruptCheckpointException when the bytes are not a checkpoint this build can read
   */
  T decode(byte[] bytes);

  /** A checkpoint without claims, written under {@code bootId}. */
  T empty(String bootId);

  /** The boot ID {@code checkpoint} was written under; empty when unknown. */
  String bootId(T checkpoint);

  T withBootId(T checkpoint, String bootId);

  /** How many claims it holds, for the log line when a reboot discards them. */
  int claims(T checkpoint);

  /** What an admin reads after "refusing to prepare or unprepare ...": how it gets readable. */
  default String recoveryHint() {
    return "the plugin rebuilds it from the CDI specs when it next starts";
  }
}
