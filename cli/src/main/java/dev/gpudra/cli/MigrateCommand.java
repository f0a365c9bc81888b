package dev.gpudra.cli;

import dev.gpudra.deviceplugin.config.InvalidPluginConfigException;
import dev.gpudra.migrate.MigrationResult;
import dev.gpudra.migrate.Migrator;
import dev.gpudra.migrate.Untranslated;
import dev.gpudra.migrate.manifest.ManifestWriter;
import dev.gpudra.migrate.resources.PluginConfigText;
import dev.gpudra.migrate.resources.ResourceCatalog;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code gpu-dra migrate}: workloads that ask NVIDIA's device plugin for GPUs, rewritten into DRA
 * claims of the {@code gpu.nvidia.com} driver. The new manifests go to stdout, what could not be
 * translated to stderr (exit code 1); a file, manifest or config that cannot be read is one line
 * and exit code 2.
 */
@Command(
    name = "migrate",
    mixinStandardHelpOptions = true,
    description = {
      "Rewrite workloads that request nvidia.com/gpu, nvidia.com/gpu.shared or"
          + " nvidia.com/mig-<profile> into DRA ResourceClaimTemplates and pod claims"
          + " (gpu.nvidia.com).",
      "Prints every document on stdout (untouched ones as written) and, on stderr, each thing it"
          + " could not translate (exit code 1; that object is printed unchanged)."
    })
final class MigrateCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = {"-f", "--filename"},
      required = true,
      paramLabel = "FILE|DIR|-",
      description =
          "Manifests (YAML or JSON, several documents each): a file, every .yaml, .yml and .json"
              + " file in a directory, or - for standard input.")
  String filename;

  @Option(
      names = {"-R", "--recursive"},
      description = "With -f DIR, the manifests in its subdirectories too.")
  boolean recursive;

  @Option(
      names = "--config",
      paramLabel = "FILE",
      description =
          "The device plugin's config file (version: v1), for which resources it shares by"
              + " time-slicing or MPS. Without it nothing is shared.")
  Path config;

  /** The process's standard input; a test gives its own. */
  InputStream stdin = System.in;

  @Override
  public Integer call() {
    ResourceCatalog catalog = catalog();
    MigrationResult result =
        new Migrator(catalog).migrate(new MigrateSources(stdin).read(filename, recursive));
    PrintWriter out = spec.commandLine().getOut();
    out.print(new ManifestWriter().write(result.documents()));
    out.flush();
    PrintWriter err = spec.commandLine().getErr();
    result.untranslated().stream().map(Untranslated::line).forEach(err::println);
    err.flush();
    return result.complete() ? 0 : OneLineErrors.FAILURE;
  }

  private ResourceCatalog catalog() {
    if (config == null) {
      return ResourceCatalog.withoutConfig();
    }
    String text;
    try {
      text = Files.readString(config);
    } catch (IOException e) {
      throw new InvalidArgumentsException(
          "--config " + config + ": cannot read: " + OneLineErrors.reason(e));
    }
    try {
      return ResourceCatalog.of(new PluginConfigText().parse(text, config.toString()));
    } catch (InvalidPluginConfigException e) {
      throw new InvalidArgumentsException("--config: " + e.getMessage());
    }
  }
}
