package dev.gpudra.cli;

import dev.gpudra.deviceplugin.config.InvalidPluginConfigException;
import dev.gpudra.migrate.MigrationStream;
import dev.gpudra.migrate.Migrator;
import dev.gpudra.migrate.resources.PluginConfigText;
import dev.gpudra.migrate.resources.ResourceCatalog;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
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
  /** A device plugin config is a few KiB; this bounds what a wrong file can cost. */
  private static final int MAX_CONFIG_BYTES = 1024 * 1024;

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
    MigrateOutput output =
        new MigrateOutput(spec.commandLine().getOut(), spec.commandLine().getErr());
    MigrationStream migration = new Migrator(catalog).stream(output);
    try {
      new MigrateSources(stdin).read(filename, recursive, migration::accept);
    } finally {
      output.flush();
    }
    return migration.complete() ? 0 : OneLineErrors.FAILURE;
  }

  private ResourceCatalog catalog() {
    if (config == null) {
      return ResourceCatalog.withoutConfig();
    }
    String text;
    try (InputStream in = Files.newInputStream(config)) {
      byte[] bytes = in.readNBytes(MAX_CONFIG_BYTES + 1);
      if (bytes.length > MAX_CONFIG_BYTES) {
        throw new InvalidArgumentsException(
            "--config " + config + ": larger than 1 MiB, too large for a device plugin config");
      }
      text = new String(bytes, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new InvalidArgumentsException(
          "--config " + config + ": cannot read: " + OneLineErrors.reason(e));
    }
    try {
      return ResourceCatalog.of(new PluginConfigText().parse(text, config.toString()));
    } catch (InvalidPluginConfigException e) {
      throw new InvalidArgumentsException("--config: " + OneLineErrors.oneLine(e.getMessage()));
    }
  }
}
