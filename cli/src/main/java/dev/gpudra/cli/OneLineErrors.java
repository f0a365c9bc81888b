package dev.gpudra.cli;

import dev.gpudra.api.featuregates.FeatureGateException;
import dev.gpudra.nvml.simulated.InvalidProfileException;
import dev.gpudra.nvml.simulated.ProfileNotFoundException;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * Maps bad flags, bad environment and invalid configuration to one clear line on stderr and exit
 * code 2; anything else is a failure of the command (exit code 1) with its message.
 */
final class OneLineErrors implements IParameterExceptionHandler, IExecutionExceptionHandler {
  static final int USAGE = 2;
  private static final java.util.regex.Pattern MARK =
      java.util.regex.Pattern.compile("line \\d+, column \\d+");
  static final int FAILURE = 1;

  /**
   * One line; for a misspelt subcommand or option, picocli's suggestions of the closest names on
   * the next ("Did you mean: gpu-dra gpus?").
   */
  @Override
  public int handleParseException(ParameterException e, String[] args) {
    java.io.PrintWriter err = e.getCommandLine().getErr();
    err.println(prefix(e.getCommandLine()) + e.getMessage());
    if (e instanceof CommandLine.UnmatchedArgumentException) {
      CommandLine.UnmatchedArgumentException.printSuggestions(e, err);
    }
    err.flush();
    return USAGE;
  }

  @Override
  public int handleExecutionException(Exception e, CommandLine cli, ParseResult parsed) {
    if (isUsageError(e)) {
      cli.getErr().println(prefix(cli) + e.getMessage());
      return USAGE;
    }
    cli.getErr().println(prefix(cli) + "error: " + describe(e));
    return FAILURE;
  }

  /**
   * The JVM ran out of stack or heap: one line saying so, never the error's trace. Every input is
   * bounded so that this is not reached; this is the last line of defence.
   */
  static int exhausted(CommandLine cli, VirtualMachineError e) {
    String what =
        e instanceof StackOverflowError
            ? "the input nests too deeply to process (stack exhausted)"
            : "out of memory (heap limit "
                + Runtime.getRuntime().maxMemory() / (1024 * 1024)
                + " MiB; GPU_DRA_JAVA_OPTS sets another)";
    cli.getErr().println(prefix(cli) + "error: " + what);
    cli.getErr().flush();
    return FAILURE;
  }

  /** Errors in what the user gave us: flags, environment, profile files, feature gates. */
  private static boolean isUsageError(Exception e) {
    return e instanceof InvalidArgumentsException
        || e instanceof IllegalArgumentException
        || e instanceof FeatureGateException
        || e instanceof InvalidProfileException
        || e instanceof ProfileNotFoundException;
  }

  private static String describe(Throwable e) {
    if (e instanceof ApiServerException) {
      return e.getMessage();
    }
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return e.getCause() != null && e.getCause().getMessage() != null
        ? message + ": " + e.getCause().getMessage()
        : message;
  }

  /** What an I/O error says, with the exception's name when its message is just a path. */
  static String reason(java.io.IOException e) {
    String name = e.getClass().getSimpleName().replace("Exception", "");
    return e.getMessage() == null ? name : name + ": " + e.getMessage();
  }

  /**
   * A parser's message of several lines as one: its phrases (the lines that start at the margin)
   * joined, the indented snippet and caret lines left out, the last line and column they named
   * kept.
   */
  static String oneLine(String message) {
    String phrases =
        message
            .lines()
            .filter(line -> !line.isBlank() && !Character.isWhitespace(line.charAt(0)))
            .map(String::strip)
            .collect(java.util.stream.Collectors.joining(": "));
    java.util.regex.Matcher mark = MARK.matcher(message);
    String at = null;
    while (mark.find()) {
      at = mark.group();
    }
    return at == null || phrases.contains(at) ? phrases : phrases + " (at " + at + ")";
  }

  /** The first line of the innermost cause's message: a parser's, not its wrapper's. */
  static String rootCause(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String message =
        root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    return message.lines().findFirst().orElse(message);
  }

  private static String prefix(CommandLine cli) {
    return cli.getCommandSpec().qualifiedName() + ": ";
  }
}
