package dev.gpudra.computedomain.imex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.kit.process.Signals;
import dev.gpudra.testsupport.driver.ImexStandIn;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * nvidia-imex supervised for real, with the IMEX stand-ins of a test driver root: started with its
 * rendered config, ready through nvidia-imex-ctl, started again when it dies, told to re-resolve.
 */
class ImexProcessIT {
  @TempDir Path dir;
  private Path imex;
  private Path ctl;
  private Path config;
  private ImexProcess process;

  @BeforeEach
  void layOut() throws IOException {
    imex = ImexStandIn.install(dir.resolve("driver-root"));
    ctl = imex.resolveSibling("nvidia-imex-ctl");
    Path imexd = Files.createDirectories(dir.resolve("imexd"));
    config = imexd.resolve(ImexConfigFile.CONFIG);
    Files.writeString(
        config,
        ImexConfigFile.render(
                ImexConfigFile.template(), "10.0.0.5", java.nio.file.Path.of("/imexd/nodes.cfg"))
            .replace("/imexd/nodes.cfg", imexd.resolve("nodes.cfg").toString()));
    Files.writeString(imexd.resolve("nodes.cfg"), NodesConfig.dnsNames(2));
    process = new ImexProcess(imex, config, new Signals());
  }

  @AfterEach
  void stop() {
    process.close();
  }

  @Test
  @DisplayName(
      "started once, ready through nvidia-imex-ctl -q; not ready before it starts and after it"
          + " stops")
  void startAndReadiness() {
    ImexReadiness readiness = new ImexReadiness(ctl, config);
    assertThat(readiness.query()).isEqualTo("UNAVAILABLE");

    assertThat(process.ensureRunning()).isTrue();
    assertThat(process.ensureRunning()).isFalse();

    await().atMost(Duration.ofSeconds(5)).until(readiness::ready);
    process.close();
    await().atMost(Duration.ofSeconds(5)).until(() -> !readiness.ready());
  }

  @Test
  @DisplayName("a process that died is started again by the watchdog's next look")
  void restartsAfterDeath() throws Exception {
    process.ensureRunning();
    long first = process.pid().orElseThrow();
    await().atMost(Duration.ofSeconds(5)).until(() -> new ImexReadiness(ctl, config).ready());

    ProcessHandle handle = ProcessHandle.of(first).orElseThrow();
    handle.destroyForcibly();
    handle.onExit().get();

    assertThat(process.ensureRunning()).isTrue();
    assertThat(process.pid()).get().isNotEqualTo(first);
    assertThat(process.starts()).isEqualTo(2);
  }

  @Test
  @DisplayName("SIGUSR1 reaches it (re-resolve): the stand-in counts it")
  void reResolve() {
    process.ensureRunning();
    Path counted = config.resolveSibling("imex.usr1");
    await().atMost(Duration.ofSeconds(5)).until(() -> new ImexReadiness(ctl, config).ready());

    process.reResolve();

    await()
        .atMost(Duration.ofSeconds(5))
        .until(() -> Files.exists(counted) && Files.readString(counted).strip().equals("1"));
  }
}
