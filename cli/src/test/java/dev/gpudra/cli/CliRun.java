package dev.gpudra.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/**
 * One in-process run of {@code gpu-dra}: its exit code and what it printed.
 *
 * @param exitCode the command's exit code
 * @param out standard output
 * @param err standard error
 */
record CliRun(int exitCode, String out, String err) {
  static CliRun of(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = GpuDra.commandLine();
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    int code = cli.execute(args);
    return new CliRun(code, out.toString(), err.toString());
  }
}
