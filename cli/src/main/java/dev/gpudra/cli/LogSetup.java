package dev.gpudra.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import org.slf4j.LoggerFactory;

/**
 * Applies {@link LoggingOptions} to logback at the edge, once, before a command runs: JSON
 * configuration when asked for, gpu-dra's level from klog's verbosity, full stack traces of
 * background errors only from verbosity 7 on ({@link OneLineThrowableConverter} reads that).
 */
final class LogSetup {
  /** The logger context property {@link OneLineThrowableConverter} reads. */
  static final String FULL_STACKS = "gpu-dra.fullStacks";

  private LogSetup() {}

  /** gpu-dra's level for klog's verbosity: up to 4 INFO, 5 and 6 DEBUG, from 7 TRACE. */
  static Level level(int verbosity) {
    return verbosity >= 7 ? Level.TRACE : verbosity >= 5 ? Level.DEBUG : Level.INFO;
  }

  static void apply(LoggingOptions options) {
    if (!(LoggerFactory.getILoggerFactory() instanceof LoggerContext context)) {
      return; // another SLF4J binding (a test's): nothing of logback's to set
    }
    if (options.format == LoggingOptions.Format.json) {
      LogConfigurator.apply(context, true);
    }
    if (options.verbosity != null) {
      if (options.verbosity < 0) {
        throw new InvalidArgumentsException(
            "-v (LOG_VERBOSITY) must not be negative, got " + options.verbosity);
      }
      context.putProperty(FULL_STACKS, Boolean.toString(options.verbosity >= 7));
      context.getLogger("dev.gpudra").setLevel(level(options.verbosity));
    }
  }
}
