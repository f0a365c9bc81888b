package dev.gpudra.cli;

import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The line a long-running command logs first: this build's version and commit, the command, and its
 * effective configuration (every option with the value it has after flags, environment and
 * defaults), so that a support request's log says what ran.
 */
final class StartupLine {
  private StartupLine() {}

  static String of(BuildInfo build, CommandLine command) {
    String options =
        command.getCommandSpec().options().stream()
            .filter(o -> !o.usageHelp() && !o.versionHelp())
            .map(StartupLine::setting)
            .collect(Collectors.joining(" "));
    return build.line() + " " + command.getCommandSpec().qualifiedName(" ") + ": " + options;
  }

  private static String setting(OptionSpec option) {
    Object value = option.getValue();
    return option.longestName() + "=" + (value == null ? "" : value);
  }
}
