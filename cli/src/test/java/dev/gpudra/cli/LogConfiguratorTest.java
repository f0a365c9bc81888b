package dev.gpudra.cli;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.JsonEncoder;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import java.net.ConnectException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class LogConfiguratorTest {
  private static ConsoleAppender<?> appender(LoggerContext context) {
    return (ConsoleAppender<?>)
        context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).iteratorForAppenders().next();
  }

  @Test
  @DisplayName(
      "with no logback.xml, logback starts with gpu-dra's text lines on stderr, found by SPI")
  void configuredAtStart() {
    LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();

    ConsoleAppender<?> appender = appender(context);
    assertThat(appender.getName()).isIn("text", "json");
    assertThat(appender.getTarget()).isEqualTo("System.err");
    assertThat(context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).getLevel())
        .isEqualTo(Level.WARN);
  }

  @Test
  @DisplayName("a text line: time, level, logger, MDC, message and the exception on the same line")
  void textLine() {
    LoggerContext context = new LoggerContext();
    LogConfigurator.apply(context, false);
    PatternLayoutEncoder encoder = (PatternLayoutEncoder) appender(context).getEncoder();
    LoggingEvent event =
        new LoggingEvent(
            "x",
            context.getLogger("dev.gpudra.gpu.Thing"),
            Level.WARN,
            "prepare failed",
            new ConnectException("Connection refused"),
            null);
    event.setMDCPropertyMap(Map.of("claim", "default/c1"));

    String line = new String(encoder.encode(event), StandardCharsets.UTF_8);

    assertThat(line)
        .matches(
            "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}\\S+ WARN  d\\.gpudra\\.gpu\\.Thing"
                + " claim=default/c1 prepare failed \\[ConnectException: Connection refused\\]\\R");
    assertThat(context.getLogger("dev.gpudra").getLevel()).isEqualTo(Level.INFO);
  }

  @Test
  @DisplayName("JSON: one object per line with the formatted message and MDC, no arguments")
  void jsonLine() {
    LoggerContext context = new LoggerContext();
    LogConfigurator.apply(context, true);
    JsonEncoder encoder = (JsonEncoder) appender(context).getEncoder();
    LoggingEvent event =
        new LoggingEvent(
            "x",
            context.getLogger("dev.gpudra.gpu.Thing"),
            Level.INFO,
            "prepared {}",
            null,
            new Object[] {"c1"});
    event.setMDCPropertyMap(Map.of("claim", "default/c1"));

    String line = new String(encoder.encode(event), StandardCharsets.UTF_8);

    assertThat(line)
        .contains("\"formattedMessage\":\"prepared c1\"")
        .contains("\"mdc\": {\"claim\":\"default\\/c1\"}")
        .doesNotContain("\"arguments\"")
        .doesNotContain("\"sequenceNumber\"")
        .endsWith("\n");
  }
}
