package dev.gpudra.cli;

import dev.gpudra.gpu.discovery.DeviceDiscovery;
import dev.gpudra.gpu.discovery.Inventory;
import dev.gpudra.gpu.plugin.NvmlFactory;
import dev.gpudra.nvml.Nvml;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code gpu-dra gpus}: what NVML (or a simulated profile) reports, and what would be published.
 */
@Command(
    name = "gpus",
    mixinStandardHelpOptions = true,
    description = "Print the node's GPUs, or the ResourceSlices the kubelet plugin would publish.")
final class GpusCommand implements Callable<Integer> {
  /** kubectl's {@code -o}: the table (default), the wide table, or the ResourceSlices. */
  enum Format {
    table,
    wide,
    yaml,
    json
  }

  @Spec CommandSpec spec;

  @Option(
      names = "--simulated-gpus",
      defaultValue = "${env:SIMULATED_GPUS}",
      description = "A GPU profile name or file instead of NVML (SIMULATED_GPUS).")
  String simulatedGpus;

  @Option(
      names = "--nvidia-driver-root",
      defaultValue = "${env:NVIDIA_DRIVER_ROOT:-/}",
      description = "Root of the NVIDIA driver installation (NVIDIA_DRIVER_ROOT).")
  String driverRoot;

  @Option(
      names = "--node-name",
      defaultValue = "${env:NODE_NAME:-local}",
      description = "Node name: the pool name, and the seed of simulated GPU identities.")
  String nodeName;

  @Option(
      names = {"-o", "--output"},
      defaultValue = "table",
      description =
          "Output format: ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE}); yaml and json"
              + " print the ResourceSlices the plugin would publish.")
  Format output;

  @Override
  public Integer call() {
    Inventory inventory;
    try (Nvml nvml =
        NvmlFactory.open(Optional.ofNullable(simulatedGpus), Path.of(driverRoot), nodeName)) {
      inventory = new DeviceDiscovery(nvml).discover();
    }
    PrintWriter out = spec.commandLine().getOut();
    switch (output) {
      case table -> new InventoryTable(inventory, InventoryTable.Columns.STANDARD).print(out);
      case wide -> new InventoryTable(inventory, InventoryTable.Columns.WIDE).print(out);
      case yaml -> out.print(new SliceYaml(nodeName).render(inventory));
      case json -> out.print(new SliceYaml(nodeName).renderJson(inventory));
    }
    inventory.warnings().forEach(w -> spec.commandLine().getErr().println("warning: " + w));
    out.flush();
    return 0;
  }
}
