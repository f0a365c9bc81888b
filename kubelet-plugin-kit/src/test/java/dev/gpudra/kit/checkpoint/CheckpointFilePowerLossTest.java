package dev.gpudra.kit.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The checkpoint is written without fsync ({@link dev.gpudra.kit.files.AtomicFile}): every state a
 * power loss can leave the file in, read after the reboot (new boot ID, file older than the boot),
 * must start the plugin empty, never refuse it or revive a claim.
 */
class CheckpointFilePowerLossTest {
  private static final Instant BOOT = Instant.parse("2026-11-29T00:00:00Z");

  @TempDir Path dir;
  Path data;
  Path bootId;
  Path procStat;

  /** Checkpoints of the test: {@code <boot ID>|<claim>,<claim>|end}; anything else is corrupt. */
  static final class LinesFormat implements CheckpointFormat<List<String>> {
    @Override
    public byte[] encode(List<String> checkpoint) {
      return (checkpoint.getFirst()
              + "|"
              + String.join(",", checkpoint.subList(1, checkpoint.size()))
              + "|end")
          .getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public List<String> decode(byte[] bytes) {
      String text = new String(bytes, StandardCharsets.UTF_8);
      if (text.startsWith("v99|")) {
        throw new UnsupportedCheckpointVersionException("version 99 is newer");
      }
      String[] parts = text.split("\\|", -1);
      if (parts.length != 3 || !parts[2].equals("end")) {
        throw new CorruptCheckpointException("torn: " + text.length() + " bytes");
      }
      return Stream.concat(
              Stream.of(parts[0]),
              parts[1].isEmpty() ? Stream.empty() : Stream.of(parts[1].split(",")))
          .toList();
    }

    @Override
    public List<String> empty(String bootId) {
      return List.of(bootId);
    }

    @Override
    public String bootId(List<String> checkpoint) {
      return checkpoint.getFirst();
    }

    @Override
    public List<String> withBootId(List<String> checkpoint, String bootId) {
      return Stream.concat(Stream.of(bootId), checkpoint.stream().skip(1)).toList();
    }

    @Override
    public int claims(List<String> checkpoint) {
      return checkpoint.size() - 1;
    }
  }

  @BeforeEach
  void setUp() throws Exception {
    data = Files.createDirectories(dir.resolve("data"));
    bootId = dir.resolve("boot_id");
    procStat = dir.resolve("stat");
    Files.writeString(bootId, "boot-2\n");
    Files.writeString(procStat, "cpu  1 2 3\nbtime " + BOOT.getEpochSecond() + "\nprocesses 7\n");
  }

  private CheckpointFile<List<String>> file() {
    return new CheckpointFile<>(
        data, bootId, new BootTime(procStat), Duration.ofSeconds(1), new LinesFormat());
  }

  private Path leave(byte[] content, Instant modified) throws Exception {
    Path file = data.resolve(CheckpointFile.FILE_NAME);
    Files.write(file, content);
    Files.setLastModifiedTime(file, FileTime.from(modified));
    return file;
  }

  static Stream<byte[]> tornWrites() {
    return Stream.of(
        new byte[0], // the rename reached the disk, the data did not
        "boot-1|claim-a,cl".getBytes(StandardCharsets.UTF_8), // part of the data
        new byte[64]); // blocks allocated, never written: zeros
  }

  @ParameterizedTest
  @MethodSource("tornWrites")
  @DisplayName("a damaged checkpoint older than the boot is an earlier boot's: empty, kept aside")
  void tornBeforeBoot(byte[] content) throws Exception {
    leave(content, BOOT.minusSeconds(5));

    assertThat(file().read()).containsExactly("boot-2");
    assertThat(data.resolve(CheckpointFile.FILE_NAME + ".corrupt-1")).hasBinaryContent(content);
    assertThat(file().update(cp -> List.of("boot-2", "claim-b"))).contains("claim-b");
  }

  @Test
  @DisplayName("an intact checkpoint of the earlier boot is discarded by its boot ID")
  void intactBeforeBoot() throws Exception {
    leave("boot-1|claim-a|end".getBytes(StandardCharsets.UTF_8), BOOT.minusSeconds(5));

    assertThat(file().read()).containsExactly("boot-2");
  }

  @Test
  @DisplayName("a damaged checkpoint written in this boot fails closed: no crash explains it")
  void tornInThisBoot() throws Exception {
    Path file = leave(new byte[0], BOOT.plusSeconds(5));

    assertThatThrownBy(() -> file().read())
        .isInstanceOf(CheckpointUnreadableException.class)
        .hasMessageContaining(file.toString());
    assertThat(file).exists();
  }

  @Test
  @DisplayName("without a boot time every damaged checkpoint fails closed")
  void noBootTime() throws Exception {
    Files.writeString(procStat, "cpu  1 2 3\n");
    leave(new byte[0], BOOT.minusSeconds(5));

    assertThatThrownBy(() -> file().read()).isInstanceOf(CheckpointUnreadableException.class);
  }

  @Test
  @DisplayName("a newer version's checkpoint is refused even from an earlier boot")
  void newerVersionBeforeBoot() throws Exception {
    leave("v99|x|end".getBytes(StandardCharsets.UTF_8), BOOT.minusSeconds(5));

    assertThatThrownBy(() -> file().read())
        .isInstanceOf(CheckpointUnreadableException.class)
        .hasMessageContaining("newer");
  }

  @Test
  @DisplayName("the boot time is the btime line of /proc/stat")
  void bootTime() {
    assertThat(new BootTime(procStat).read()).contains(BOOT);
    assertThat(new BootTime(BootTime.PROC_STAT).read())
        .hasValueSatisfying(t -> assertThat(t).isBefore(Instant.now()));
    assertThat(new BootTime(dir.resolve("missing")).read()).isEmpty();
  }
}
