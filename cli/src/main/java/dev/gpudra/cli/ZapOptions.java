package dev.gpudra.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import java.util.Set;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Option;

/**
 * controller-runtime's zap flags, as NVIDIA's operator takes them and NVIDIA's chart passes them
 * ({@code operator.logging.*}): the level of gpu-dra's own loggers and the lines' time encoding.
 */
final class ZapOptions {
  static final Set<String> TIME_ENCODINGS =
      Set.of("epoch", "millis", "nano", "iso8601", "rfc3339", "rfc3339nano");

  @Option(
      names = "--zap-devel",
      description = "Development mode: debug level (operator.logging.develMode).")
  boolean devel;

  @Option(
      names = "--zap-log-level",
      paramLabel = "LEVEL",
      description =
          "debug, info, error, panic, or an integer > 0 for more debug output"
              + " (operator.logging.level).")
  String level;

  @Option(
      names = "--zap-time-encoding",
      paramLabel = "ENCODING",
      description =
          "epoch, millis, nano, iso8601, rfc3339 or rfc3339nano (operator.logging.timeEncoding).")
  String timeEncoding;

  /** gpu-dra's level for zap's. */
  static Level level(String zap) {
    return switch (zap) {
      case "debug" -> Level.DEBUG;
      case "info" -> Level.INFO;
      case "error", "panic" -> Level.ERROR;
      default -> {
        try {
          int verbosity = Integer.parseInt(zap);
          if (verbosity > 0) {
            yield verbosity > 1 ? Level.TRACE : Level.DEBUG;
          }
        } catch (NumberFormatException e) {
          // refused below, naming the flag
        }
        throw new InvalidArgumentsException(
            "--zap-log-level must be debug, info, error, panic or an integer > 0, got \""
                + zap
                + "\"");
      }
    };
  }

  /** Checks the flags and applies them to logback (when logback logs). */
  void apply() {
    Level chosen = devel ? Level.DEBUG : level == null ? null : level(level);
    if (timeEncoding != null && !TIME_ENCODINGS.contains(timeEncoding)) {
      throw new InvalidArgumentsException(
          "--zap-time-encoding must be one of epoch, millis, nano, iso8601, rfc3339,"
              + " rfc3339nano, got \""
              + timeEncoding
              + "\"");
    }
    if (!(LoggerFactory.getILoggerFactory() instanceof LoggerContext context)) {
      return;
    }
    if (chosen != null) {
      context.getLogger("dev.gpudra").setLevel(chosen);
    }
    if (timeEncoding != null && !devel) {
      context.putProperty(TimeEncodingConverter.PROPERTY, timeEncoding);
    }
  }
}
