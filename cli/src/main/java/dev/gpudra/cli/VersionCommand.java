package dev.gpudra.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code gpu-dra version}, as kubectl users type it: the same line as {@code --version}. */
@Command(
    name = "version",
    description = "Print the version and the commit this build was made from.")
final class VersionCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    spec.commandLine().getOut().println(BuildInfo.current().line());
    spec.commandLine().getOut().flush();
    return 0;
  }
}
