package dev.gpudra.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code gpu-dra selector}: tools for DRA CEL selectors. */
@Command(
    name = "selector",
    mixinStandardHelpOptions = true,
    description = "Work with DRA CEL device selectors.",
    subcommands = {SelectorTestCommand.class})
final class SelectorCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
