package dev.gpudra.gpu.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PrepareResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plugin directory ({@code <plugins>/gpu.nvidia.com}) turns read-only under a running plugin,
 * as a read-only mount of {@code /var/lib/kubelet/plugins} makes it: a real read-only bind mount,
 * so every write gets {@code EROFS}. Needs root; under {@code CI=true} its absence fails the suite.
 */
class ReadOnlyPluginDirIT {
  @TempDir Path root;
  private PluginNode node;
  private Path mounted;

  @BeforeAll
  static void requireMounts() {
    boolean usable =
        "root".equals(System.getProperty("user.name")) && Files.isExecutable(Path.of("/bin/mount"));
    if (!usable && "true".equals(System.getenv("CI"))) {
      fail("ReadOnlyPluginDirIT needs root and mount(8), which CI has");
    }
    Assumptions.assumeTrue(usable, "needs root and mount(8) for a read-only bind mount");
  }

  @AfterEach
  void stop() throws Exception {
    if (mounted != null) {
      run("umount", mounted.toString());
    }
    if (node != null) {
      node.close();
    }
  }

  @Test
  @DisplayName(
      "a read-only plugin directory fails each claim with an error naming the path and"
          + " 'read-only file system', prepare and unprepare alike; the gRPC call answers, the"
          + " plugin stays up and serves again once the directory is writable")
  void readOnlyDirectoryFailsEachClaim() throws Exception {
    node = PluginNode.start(root, PluginNode.Setup.defaults().withProfile("dgx-h100"));
    ClaimRef before = node.claims.named("before").device("gpu", "gpu-0").create();
    assertThat(node.prepare(before).get(before.uid()).error()).isEmpty();
    ClaimRef first = node.claims.named("first").device("gpu", "gpu-1").create();
    ClaimRef second = node.claims.named("second").device("gpu", "gpu-2").create();

    mountReadOnly(node.dirs.dataDir());
    Map<String, PrepareResult> prepared = node.prepare(first, second);
    String unprepared = node.unprepare(before).get(before.uid()).error();

    for (ClaimRef ref : List.of(first, second)) {
      assertThat(prepared.get(ref.uid()).error())
          .contains(ref.toString(), node.dirs.dataDir().toString(), "read-only file system")
          .doesNotContain("errno", "Exception");
    }
    assertThat(unprepared)
        .contains(before.toString(), node.dirs.dataDir().toString(), "read-only file system");

    run("umount", mounted.toString());
    mounted = null;
    assertThat(node.prepare(first, second).values())
        .allSatisfy(result -> assertThat(result.error()).isEmpty());
    assertThat(node.unprepare(before).get(before.uid()).error()).isEmpty();
  }

  private void mountReadOnly(Path dir) throws IOException, InterruptedException {
    run("mount", "--bind", dir.toString(), dir.toString());
    mounted = dir;
    run("mount", "-o", "remount,bind,ro", dir.toString());
  }

  private static void run(String... command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new IOException(
          String.join(" ", command) + " failed: " + new String(p.getInputStream().readAllBytes()));
    }
  }
}
