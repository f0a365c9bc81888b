package dev.gpudra.tools;

import dev.gpudra.nvml.simulated.ProfileNotFoundException;
import dev.gpudra.realcluster.controlplane.ControlPlaneUnavailableException;
import dev.gpudra.realcluster.node.RealNodeUnavailableException;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * Bad flags, a missing tool (Go, or root and runc for the real node) or an unknown profile: one
 * line and exit code 2. Any other failure: one line with its cause and exit code 1.
 */
final class ToolErrors implements IParameterExceptionHandler, IExecutionExceptionHandler {

  @Override
  public int handleParseException(ParameterException e, String[] args) {
    e.getCommandLine().getErr().println(prefix(e.getCommandLine()) + e.getMessage());
    return 2;
  }

  @Override
  public int handleExecutionException(Exception e, CommandLine cli, ParseResult parsed) {
    boolean usage =
        e instanceof IllegalArgumentException
            || e instanceof ControlPlaneUnavailableException
            || e instanceof RealNodeUnavailableException
            || e instanceof ProfileNotFoundException;
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    String cause = e.getCause() == null ? "" : ": " + e.getCause().getMessage();
    cli.getErr().println(prefix(cli) + (usage ? message : "error: " + message + cause));
    return usage ? 2 : 1;
  }

  private static String prefix(CommandLine cli) {
    return cli.getCommandSpec().qualifiedName() + ": ";
  }
}
