package dev.gpudra.kit.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@link CheckpointFile} reuses the checkpoint it last read or wrote only while the file holds
 * the same bytes: whatever else changed the file is seen at the next access.
 */
class CheckpointFileCacheTest {
  @TempDir Path data;

  private CheckpointFile<List<String>> file() throws Exception {
    Path bootId = Files.writeString(data.resolve("boot_id"), "boot-2\n");
    return new CheckpointFile<>(
        data, bootId, Duration.ofSeconds(1), new CheckpointFilePowerLossTest.LinesFormat());
  }

  @Test
  @DisplayName("a change that keeps the inode, size and mtime is still read")
  void sameAttributesNewContent() throws Exception {
    CheckpointFile<List<String>> checkpoint = file();
    checkpoint.update(cp -> List.of("boot-2", "claim-a"));
    Path path = checkpoint.file();
    Object inode = Files.getAttribute(path, "unix:ino");
    FileTime modified = Files.getLastModifiedTime(path);

    // written in place within one clock tick: what an inode, size and mtime key cannot tell apart
    Files.writeString(path, "boot-2|claim-b|end", StandardCharsets.UTF_8);
    Files.setLastModifiedTime(path, modified);

    assertThat(Files.getAttribute(path, "unix:ino")).isEqualTo(inode);
    assertThat(checkpoint.read()).containsExactly("boot-2", "claim-b");
  }

  @Test
  @DisplayName("another writer's checkpoint is read, then reused while the file is unchanged")
  void anotherWriter() throws Exception {
    CheckpointFile<List<String>> ours = file();
    CheckpointFile<List<String>> theirs = file();
    ours.update(cp -> List.of("boot-2", "claim-a"));

    theirs.update(cp -> List.of("boot-2", "claim-a", "claim-b"));

    List<String> read = ours.read();
    assertThat(read).containsExactly("boot-2", "claim-a", "claim-b");
    assertThat(ours.read()).isSameAs(read);
  }
}
