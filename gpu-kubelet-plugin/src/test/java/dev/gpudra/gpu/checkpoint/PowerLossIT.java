package dev.gpudra.gpu.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.gpudra.kit.checkpoint.BootTime;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A power loss on a real file system: the checkpoint lives on an ext4 file system in a loop-mounted
 * image; the "plug is pulled" by copying the image while the file system is mounted, so the copy
 * holds what reached the disk and loses every write still in the page cache, as a power loss does
 * (the checkpoint is written without fsync). The copy, mounted as after a reboot (new boot ID, a
 * boot time after every write), must start empty and writable, whatever state the loss left. Needs
 * root and loop devices; under {@code CI=true} their absence fails the suite.
 */
class PowerLossIT {
  private static final int ROUNDS = 6;

  @TempDir Path dir;

  @BeforeAll
  static void requireLoopMounts() {
    boolean usable =
        "root".equals(System.getProperty("user.name"))
            && Files.isExecutable(Path.of("/usr/sbin/mkfs.ext4"))
            && Files.exists(Path.of("/dev/loop-control"));
    if (!usable && "true".equals(System.getenv("CI"))) {
      fail("PowerLossIT needs root, mkfs.ext4 and loop devices, which CI has");
    }
    Assumptions.assumeTrue(usable, "needs root, mkfs.ext4 and loop devices");
  }

  @Test
  @DisplayName("after a power loss, whatever the disk kept, the rebooted node starts empty")
  void powerLossThenReboot() throws Exception {
    int lostWrites = 0;
    for (int round = 0; round < ROUNDS; round++) {
      lostWrites += round(round);
    }
    // the simulation is real only if some unsynced writes were in fact lost
    assertThat(lostWrites).as("claims written after the last sync and lost").isPositive();
  }

  /** One node life: writes, a sync part way, more writes, the plug pulled, the reboot. */
  private int round(int round) throws Exception {
    Path image = dir.resolve("disk-" + round + ".img");
    Path mounted = Files.createDirectories(dir.resolve("mnt-" + round));
    Path bootId = dir.resolve("boot_id-" + round);
    Files.writeString(bootId, "boot-1\n");
    run("truncate", "-s", "32M", image.toString());
    run("mkfs.ext4", "-q", image.toString());
    // commit=600: the journal commits at our sync only, so what the copy holds is known
    run("mount", "-o", "loop,commit=600", image.toString(), mounted.toString());
    Path copy = dir.resolve("after-" + round + ".img");
    int synced = 1 + round;
    int written = synced + 3 + round;
    try {
      CheckpointStore store = new CheckpointStore(mounted.resolve("data"), bootId);
      for (int i = 0; i < written; i++) {
        String uid = "claim-" + i;
        store.update(cp -> cp.withClaim(uid, PreparedClaim.started("default", uid)));
        store.update(cp -> cp.withClaim(uid, cp.claims().get(uid).completed(List.of())));
        if (i + 1 == synced) {
          run("sync", "-f", mounted.resolve("data").toString());
        }
      }
      run("cp", "--sparse=always", image.toString(), copy.toString()); // the plug is pulled
    } finally {
      run("umount", mounted.toString());
    }
    return rebootFrom(copy, round, written);
  }

  /** Mounts what the disk kept and starts as the next boot; returns how many claims were lost. */
  private int rebootFrom(Path copy, int round, int written) throws Exception {
    Path mounted = Files.createDirectories(dir.resolve("reboot-" + round));
    run("mount", "-o", "loop", copy.toString(), mounted.toString());
    try {
      Path data = mounted.resolve("data");
      int kept = keptClaims(data);
      System.out.printf(
          "power loss round %d: %d claims written, %d synced, %d on the disk after the loss%n",
          round, written, round + 1, kept);
      Path bootId = dir.resolve("boot_id-next-" + round);
      Files.writeString(bootId, "boot-2\n");
      Path stat = dir.resolve("stat-" + round);
      Files.writeString(stat, "btime " + Instant.now().plusSeconds(1).getEpochSecond() + "\n");
      CheckpointStore rebooted =
          new CheckpointStore(data, bootId, new BootTime(stat), Duration.ofSeconds(5));

      CheckpointV1 read = rebooted.read();
      assertThat(read.claims()).as("round %d: claims after the reboot", round).isEmpty();
      assertThat(read.nodeBootId()).isEqualTo("boot-2");
      rebooted.update(cp -> cp.withClaim("after", PreparedClaim.started("default", "after")));
      assertThat(rebooted.read().claims()).containsOnlyKeys("after");
      return written - kept;
    } finally {
      run("umount", mounted.toString());
    }
  }

  /** What the disk kept, read as the boot that wrote it; a damaged file counts as none kept. */
  private static int keptClaims(Path data) throws IOException {
    Path file = data.resolve(CheckpointStore.FILE_NAME);
    if (!Files.exists(file)) {
      return 0;
    }
    try {
      return new CheckpointCodec().decode(Files.readAllBytes(file)).claims().size();
    } catch (RuntimeException e) {
      return 0;
    }
  }

  private static void run(String... command) throws Exception {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new IOException(String.join(" ", command) + " failed: " + out);
    }
  }
}
