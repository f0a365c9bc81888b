package dev.gpudra.realcluster.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a SIGKILLed test JVM's real node left behind is swept by the next node's start. */
class StaleNodesIT {
  @TempDir Path parent;
  @TempDir Path dev;

  private Path node(String name, Long owner) throws IOException {
    Path dir = Files.createDirectories(parent.resolve(StaleNodes.PREFIX + name).resolve("cdi"));
    if (owner != null) {
      Files.writeString(dir.getParent().resolve(StaleNodes.OWNER), owner.toString());
    }
    return dir.getParent();
  }

  /** The pid of a process that has exited. */
  private static long deadPid() throws Exception {
    Process p = new ProcessBuilder("true").start();
    p.waitFor();
    return p.pid();
  }

  private Path placeholder(String name) throws Exception {
    Path node = dev.resolve(name);
    Processes.run(java.util.List.of("mknod", node.toString(), "c", "1", "3"));
    return node;
  }

  @Test
  @DisplayName("a dead owner's node directory goes; a live owner's and an unowned one stay")
  void sweepsDeadOwners() throws Exception {
    Path dead = node("dead", deadPid());
    Path live = node("live", ProcessHandle.current().pid());
    Path unowned = node("unowned", null);
    Path left = placeholder("nvidia0");

    assertThat(StaleNodes.sweep(parent, dev)).isEqualTo(1);

    assertThat(dead).doesNotExist();
    assertThat(live).exists();
    assertThat(unowned).exists();
    assertThat(left).as("a live node may still use the placeholders").exists();
  }

  @Test
  @DisplayName("with no live node left, the placeholders go too, and real device files stay")
  void lastNodeTakesPlaceholders() throws Exception {
    node("dead", deadPid());
    Path left = placeholder("nvidiactl");
    Path notPlaceholder = Files.writeString(dev.resolve("nvidia-notes"), "a regular file");

    assertThat(StaleNodes.sweep(parent, dev)).isEqualTo(1);

    assertThat(left).doesNotExist();
    assertThat(notPlaceholder).exists();
  }
}
