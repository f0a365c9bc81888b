package dev.gpudra.cli;

import picocli.CommandLine.Option;

/**
 * klog's logging flags, as NVIDIA's processes take them ({@code -v 4} is what NVIDIA's chart
 * passes): a mixin of every long-running command, applied by {@link LogSetup} before the command
 * runs.
 */
final class LoggingOptions {
  /** The name every command mixes these options in under, where {@link GpuDra} finds them. */
  static final String MIXIN = "logging";

  /** klog's {@code --logging-format}. */
  enum Format {
    text,
    json
  }

  @Option(
      names = {"-v", "--v"},
      paramLabel = "N",
      defaultValue = "${env:LOG_VERBOSITY}",
      description =
          "klog's verbosity, as NVIDIA's (LOG_VERBOSITY): up to 4 INFO, 5 and 6 DEBUG, from 7"
              + " TRACE with the stack traces of background errors (one line each below 7).")
  Integer verbosity;

  @Option(
      names = "--logging-format",
      defaultValue = "${env:LOGGING_FORMAT:-text}",
      description =
          "text, or json: one object per line, the message interpolated, claim, node and driver"
              + " as fields (LOGGING_FORMAT; default ${DEFAULT-VALUE}).")
  Format format;
}
