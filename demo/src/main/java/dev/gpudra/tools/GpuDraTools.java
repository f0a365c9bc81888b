package dev.gpudra.tools;

import dev.gpudra.bench.cli.BenchCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The checkout's {@code gpu-dra} commands that never ship in the image: {@code demo} and {@code
 * bench}. The launcher runs this entry point for them and the image's ({@code
 * dev.gpudra.cli.GpuDra}) for every other command.
 */
@Command(
    name = "gpu-dra",
    mixinStandardHelpOptions = true,
    versionProvider = GpuDraTools.Version.class,
    description = "The demo and the benchmarks, run from a gpu-dra checkout; not in the image.",
    subcommands = {DemoCommand.class, BenchCommand.class, CommandLine.HelpCommand.class})
public final class GpuDraTools implements Runnable {

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  /** The configured command line; tests execute it in-process. */
  public static CommandLine commandLine() {
    CommandLine cli = new CommandLine(new GpuDraTools());
    ToolErrors errors = new ToolErrors();
    cli.setParameterExceptionHandler(errors);
    cli.setExecutionExceptionHandler(errors);
    return cli;
  }

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** The version stamped into this module's jar manifest by the build. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String version = GpuDraTools.class.getPackage().getImplementationVersion();
      return new String[] {"gpu-dra tools " + (version == null ? "development build" : version)};
    }
  }
}
