package dev.gpudra.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code gpu-dra} entry point. */
@Command(
    name = "gpu-dra",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "A DRA-first NVIDIA GPU stack for Kubernetes.",
    subcommands = {
      GpusCommand.class,
      GpuKubeletPluginCommand.class,
      MpsControlDaemonCommand.class,
      ComputeDomainKubeletPluginCommand.class,
      ComputeDomainDaemonCommand.class,
      ComputeDomainControllerCommand.class,
      OperatorCommand.class,
      DevicePluginCommand.class,
      DevicePluginMpsDaemonCommand.class,
      SelectorCommand.class,
      ExplainCommand.class,
      MigrateCommand.class,
      CommandLine.HelpCommand.class
    })
public final class GpuDra implements Runnable {

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  /** The configured command line; tests execute it in-process. */
  public static CommandLine commandLine() {
    CommandLine cli = new CommandLine(new GpuDra());
    cli.setParameterExceptionHandler(new OneLineErrors());
    cli.setExecutionExceptionHandler(new OneLineErrors());
    cli.setExecutionStrategy(GpuDra::execute);
    return cli;
  }

  /** Applies the logging flags of the commands on the line, then runs the last one. */
  private static int execute(CommandLine.ParseResult parsed) {
    for (CommandLine command : parsed.asCommandLineList()) {
      CommandLine.Model.CommandSpec logging =
          command.getCommandSpec().mixins().get(LoggingOptions.MIXIN);
      if (logging != null) {
        try {
          LogSetup.apply((LoggingOptions) logging.userObject());
        } catch (InvalidArgumentsException e) {
          throw new CommandLine.ParameterException(command, e.getMessage());
        }
      }
    }
    return new CommandLine.RunLast().execute(parsed);
  }

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
