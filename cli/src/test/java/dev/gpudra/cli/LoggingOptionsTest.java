package dev.gpudra.cli;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.PatternLayout;
import ch.qos.logback.classic.spi.LoggingEvent;
import java.net.ConnectException;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class LoggingOptionsTest {
  private final LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
  private final Logger gpuDra = context.getLogger("dev.gpudra");
  private final Level before = gpuDra.getLevel();

  @AfterEach
  void restore() {
    gpuDra.setLevel(before);
    context.putProperty(LogSetup.FULL_STACKS, "false");
  }

  @Test
  @DisplayName("klog's verbosity maps onto gpu-dra's level: up to 4 INFO, 5-6 DEBUG, 7+ TRACE")
  void verbosityLevels() {
    assertThat(LogSetup.level(0)).isEqualTo(Level.INFO);
    assertThat(LogSetup.level(4)).isEqualTo(Level.INFO);
    assertThat(LogSetup.level(5)).isEqualTo(Level.DEBUG);
    assertThat(LogSetup.level(6)).isEqualTo(Level.DEBUG);
    assertThat(LogSetup.level(7)).isEqualTo(Level.TRACE);
  }

  @Test
  @DisplayName("-v N, as NVIDIA's chart passes it, is taken by every long-running command")
  void everyProcessTakesV() {
    for (String command :
        new String[] {
          "gpu-kubelet-plugin",
          "compute-domain-kubelet-plugin",
          "compute-domain-controller",
          "compute-domain-daemon",
          "operator",
          "device-plugin",
          "device-plugin-mps-control-daemon",
          "mps-control-daemon",
          "webhook",
          "wait-for-driver"
        }) {
      CliRun run = CliRun.of(command, "-v", "6", "--help");
      assertThat(run.exitCode()).as(command + ": " + run.err()).isZero();
      assertThat(gpuDra.getLevel()).as(command).isEqualTo(Level.DEBUG);
      gpuDra.setLevel(Level.INFO);
    }
    CliRun klogStyle = CliRun.of("gpu-kubelet-plugin", "--v=7", "--help");
    assertThat(klogStyle.exitCode()).isZero();
    assertThat(gpuDra.getLevel()).isEqualTo(Level.TRACE);
  }

  @Test
  @DisplayName("a negative or non-numeric verbosity is refused in one line naming -v")
  void badVerbosity() {
    CliRun negative = CliRun.of("gpu-kubelet-plugin", "-v", "-1", "--help");
    CliRun word = CliRun.of("gpu-kubelet-plugin", "-v", "loud", "--help");

    assertThat(negative.exitCode()).isEqualTo(2);
    assertThat(negative.err()).contains("-v (LOG_VERBOSITY) must not be negative, got -1");
    assertThat(word.exitCode()).isEqualTo(2);
    assertThat(word.err()).contains("-v").contains("loud");
  }

  @Test
  @DisplayName(
      "a background error's exception is one line, its causes after '<-'; the whole stack trace"
          + " from verbosity 7")
  void oneLinePerError() {
    PatternLayout layout = new PatternLayout();
    layout.setContext(context);
    layout.getInstanceConverterMap().put("oneLineEx", OneLineThrowableConverter::new);
    layout.setPattern("%msg%oneLineEx");
    layout.start();
    LoggingEvent event =
        new LoggingEvent(
            "x",
            gpuDra,
            Level.ERROR,
            "listSyncAndWatch failed for resourceslices",
            new CompletionException(new ConnectException("Connection refused")),
            null);

    String line = layout.doLayout(event);
    context.putProperty(LogSetup.FULL_STACKS, "true");
    String full = layout.doLayout(event);

    assertThat(line)
        .isEqualTo(
            "listSyncAndWatch failed for resourceslices [CompletionException:"
                + " java.net.ConnectException: Connection refused <- ConnectException: Connection"
                + " refused]");
    assertThat(full).contains("\tat ").contains("Caused by: java.net.ConnectException");
  }
}
