package dev.gpudra.gpu.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.gpudra.kit.checkpoint.CorruptCheckpointException;

/**
 * The checkpoint decoder (ours, and NVIDIA's format it imports) on arbitrary bytes: it refuses with
 * a {@link CorruptCheckpointException} (the plugin then fails closed) or returns a checkpoint that
 * encodes and decodes to itself; any other exception is a crash.
 */
class CheckpointFuzzTest {
  private final CheckpointCodec codec = new CheckpointCodec();

  @FuzzTest(maxDuration = "15s")
  @DictionaryEntries({
    "\"checksum\"",
    "\"version\"",
    "\"data\"",
    "\"v1\"",
    "\"v2\"",
    "\"preparedClaims\"",
    "\"checkpointState\"",
    "\"PrepareStarted\"",
    "\"PrepareCompleted\"",
    "\"status\"",
    "\"allocation\"",
    "\"devices\"",
    "\"results\"",
    "\"preparedDevices\"",
    "\"nodeBootId\"",
    "\"claims\"",
    "\"cdiDeviceIds\"",
    "\"adminAccess\"",
    "\"shareId\"",
    "\"requestNames\""
  })
  void decodesOrRefuses(byte[] bytes) {
    CheckpointV1 decoded;
    try {
      decoded = codec.decode(bytes);
    } catch (CorruptCheckpointException refused) {
      return;
    }
    assertThat(codec.decode(codec.encode(decoded))).isEqualTo(decoded);
  }
}
