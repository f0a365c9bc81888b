package dev.gpudra.cli;

import java.util.List;
import org.slf4j.LoggerFactory;
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
      WaitForDriverCommand.class,
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
      WebhookCommand.class,
      VersionCommand.class,
      CompletionCommand.class,
      CommandLine.HelpCommand.class
    })
public final class GpuDra implements Runnable {

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /** gRPC's shaded Netty's switch for its JFR events (the shading renames Netty's property). */
  static final String NETTY_JFR = "io.grpc.netty.shaded.io.netty.jfr.enabled";

  public static void main(String[] args) {
    // Netty's JFR events are off unless asked for: turning them on loads JFR's API (114 classes)
    // into every process that serves gRPC, recording or not (BENCHMARKS.md)
    if (System.getProperty(NETTY_JFR) == null) {
      System.setProperty(NETTY_JFR, "false");
    }
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

  /**
   * Applies the logging flags of the commands on the line; a long-running command (one with them)
   * logs its start-up line; then the last command runs.
   */
  private static int execute(CommandLine.ParseResult parsed) {
    boolean logged = false;
    for (CommandLine command : parsed.asCommandLineList()) {
      CommandLine.Model.CommandSpec logging =
          command.getCommandSpec().mixins().get(LoggingOptions.MIXIN);
      if (logging != null) {
        try {
          LogSetup.apply((LoggingOptions) logging.userObject());
        } catch (InvalidArgumentsException e) {
          throw new CommandLine.ParameterException(command, e.getMessage());
        }
        logged = true;
      }
    }
    List<CommandLine> commands = parsed.asCommandLineList();
    CommandLine last = commands.get(commands.size() - 1);
    if (logged && !last.isUsageHelpRequested() && !last.isVersionHelpRequested()) {
      LoggerFactory.getLogger(GpuDra.class).info(StartupLine.of(BuildInfo.current(), last));
    }
    try {
      return new CommandLine.RunLast().execute(parsed);
    } catch (StackOverflowError | OutOfMemoryError e) {
      return OneLineErrors.exhausted(last, e);
    }
  }

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
