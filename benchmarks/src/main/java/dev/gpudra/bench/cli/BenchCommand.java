package dev.gpudra.bench.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code gpu-dra bench}: benchmarks; each subcommand prints its figures next to their floors. */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    description =
        "Benchmark gpu-dra's processes; each figure is printed next to a floor measured in the"
            + " same run.",
    subcommands = {
      BenchPrepareCommand.class,
      BenchComputeDomainsCommand.class,
      BenchDevicePluginCommand.class,
      BenchOperatorCommand.class,
      BenchAotCacheCommand.class
    })
public final class BenchCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
