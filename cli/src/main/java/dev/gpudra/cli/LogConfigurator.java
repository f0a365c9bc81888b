package dev.gpudra.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.JsonEncoder;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.CoreConstants;
import ch.qos.logback.core.encoder.Encoder;
import ch.qos.logback.core.spi.ContextAwareBase;
import java.util.HashMap;
import java.util.Map;

/**
 * gpu-dra's logging, set up in code when logback starts (found through {@code
 * META-INF/services/ch.qos.logback.classic.spi.Configurator}): lines on stderr, so that command
 * output on stdout stays clean, as {@code <time> <LEVEL> <logger> <MDC> <message>[ <exception on
 * one line>]}, or one JSON object per line (MDC as fields) when {@code LOGGING_FORMAT} (NVIDIA's)
 * or {@code LOG_FORMAT} is {@code json} ({@link LogSetup} switches for {@code
 * --logging-format=json}). {@code LOG_LEVEL} sets gpu-dra's own level (default INFO; {@code
 * -v}/{@code LOG_VERBOSITY} overrides it), other libraries log from WARN. Done in code rather than
 * with a {@code logback.xml}: parsing one loaded logback's XML configurator and the JDK's XML
 * parser, about 600 classes, into every process at start (BENCHMARKS.md). A {@code logback.xml} or
 * {@code logback-test.xml} on the classpath, or {@code -Dlogback.configurationFile}, still takes
 * over.
 */
public final class LogConfigurator extends ContextAwareBase implements Configurator {
  private static final String PATTERN = "%time %-5level %logger{20} %mdc %msg%oneLineEx%n";

  @Override
  public ExecutionStatus configure(LoggerContext context) {
    ClassLoader loader = LogConfigurator.class.getClassLoader();
    if (System.getProperty("logback.configurationFile") != null
        || loader.getResource("logback-test.xml") != null
        || loader.getResource("logback.xml") != null) {
      return ExecutionStatus.INVOKE_NEXT_IF_ANY;
    }
    apply(context, "json".equals(setting("LOGGING_FORMAT", setting("LOG_FORMAT", "text"))));
    return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
  }

  /** Replaces {@code context}'s configuration with gpu-dra's, as text lines or JSON. */
  static void apply(LoggerContext context, boolean json) {
    context.reset();
    ConsoleAppender<ILoggingEvent> appender = new ConsoleAppender<>();
    appender.setContext(context);
    appender.setName(json ? "json" : "text");
    appender.setTarget("System.err");
    appender.setEncoder(json ? jsonEncoder(context) : textEncoder(context));
    appender.start();
    context
        .getLogger("dev.gpudra")
        .setLevel(Level.toLevel(setting("LOG_LEVEL", "INFO"), Level.INFO));
    ch.qos.logback.classic.Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    root.setLevel(Level.WARN);
    root.addAppender(appender);
  }

  private static Encoder<ILoggingEvent> textEncoder(LoggerContext context) {
    @SuppressWarnings("unchecked")
    Map<String, String> rules =
        (Map<String, String>) context.getObject(CoreConstants.PATTERN_RULE_REGISTRY);
    if (rules == null) {
      rules = new HashMap<>();
      context.putObject(CoreConstants.PATTERN_RULE_REGISTRY, rules);
    }
    rules.put("oneLineEx", OneLineThrowableConverter.class.getName());
    rules.put("time", TimeEncodingConverter.class.getName());
    PatternLayoutEncoder encoder = new PatternLayoutEncoder();
    encoder.setContext(context);
    encoder.setPattern(PATTERN);
    encoder.start();
    return encoder;
  }

  /** The message interpolated (not its pattern and arguments), MDC as fields, nothing else. */
  private static Encoder<ILoggingEvent> jsonEncoder(LoggerContext context) {
    JsonEncoder encoder = new JsonEncoder();
    encoder.setContext(context);
    encoder.setWithFormattedMessage(true);
    encoder.setWithMessage(false);
    encoder.setWithArguments(false);
    encoder.setWithContext(false);
    encoder.setWithSequenceNumber(false);
    encoder.setWithNanoseconds(false);
    encoder.start();
    return encoder;
  }

  /** A system property, else the environment variable of that name, else {@code fallback}. */
  private static String setting(String name, String fallback) {
    String value = System.getProperty(name, System.getenv(name));
    return value == null || value.isBlank() ? fallback : value;
  }
}
