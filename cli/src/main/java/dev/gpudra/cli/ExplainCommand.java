package dev.gpudra.cli;

import dev.gpudra.deviceclasses.allocation.Allocator;
import dev.gpudra.deviceclasses.cel.DeviceSelectorEnv;
import dev.gpudra.deviceclasses.cel.SelectorEnvOptions;
import dev.gpudra.deviceclasses.cel.SelectorFeature;
import dev.gpudra.deviceclasses.explain.ClaimExplainer;
import dev.gpudra.deviceclasses.explain.ClaimReport;
import dev.gpudra.deviceclasses.explain.ExplainInput;
import dev.gpudra.deviceclasses.explain.ReportText;
import dev.gpudra.deviceclasses.explain.UnexplainableInputException;
import dev.gpudra.deviceclasses.matching.CelSelectorEvaluator;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code gpu-dra explain}: whether a claim fits each node and which devices it would get, and for
 * every device that does not match, the first selector or constraint that rejected it.
 */
@Command(
    name = "explain",
    mixinStandardHelpOptions = true,
    description = "Explain, per node and per device, why a claim fits or not.")
final class ExplainCommand implements Callable<Integer> {
  enum Format {
    text,
    json
  }

  /** Where the cluster's slices, classes and allocations come from. */
  static final class Source {
    @Option(names = "--slices", description = "Directory of ResourceSlice (and DeviceClass) files.")
    Path slices;

    @Option(names = "--kubeconfig", description = "Read everything from this cluster.")
    Path kubeconfig;
  }

  @Spec CommandSpec spec;

  @Option(
      names = {"-f", "--filename"},
      required = true,
      description =
          "ResourceClaims, ResourceClaimTemplates (v1, v1beta2, v1beta1), Pods or workloads"
              + " (Deployment, StatefulSet, DaemonSet, ReplicaSet, Job, CronJob), with the claims"
              + " and templates their pods use.")
  Path file;

  @ArgGroup(exclusive = true, multiplicity = "1")
  Source source;

  @Option(names = "--node", description = "Only this node.")
  String node;

  @Option(
      names = {"-o", "--output"},
      defaultValue = "text",
      description = "Output format: ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE}).")
  Format output;

  @Option(
      names = "--consumable-capacity",
      description =
          "Selectors may read device.allowMultipleAllocations (gate DRAConsumableCapacity, as in"
              + " the cluster).")
  boolean consumableCapacity;

  @Override
  public Integer call() {
    ManifestFiles files = new ManifestFiles();
    ClusterView cluster =
        source.slices != null
            ? ClusterView.fromFiles(files.readDirectory(source.slices))
            : ClusterView.fromApi(source.kubeconfig);
    List<HasMetadata> objects = files.read(file);
    List<Namespace> namespaces = new ArrayList<>(cluster.namespaces());
    namespaces.addAll(ClusterView.namespaces(objects));
    ExplainInput input =
        new ExplainInput(
            objects, cluster.state(), cluster.nodes(Optional.ofNullable(node)), namespaces);
    SelectorEnvOptions options = SelectorEnvOptions.defaults();
    if (consumableCapacity) {
      options = options.with(SelectorFeature.CONSUMABLE_CAPACITY);
    }
    Allocator allocator = new Allocator(new CelSelectorEvaluator(new DeviceSelectorEnv(options)));
    List<ClaimReport> reports;
    try {
      reports = new ClaimExplainer(allocator).explain(input);
    } catch (UnexplainableInputException e) {
      throw new InvalidArgumentsException(file + ": " + e.getMessage());
    }
    PrintWriter out = spec.commandLine().getOut();
    out.print(
        output == Format.json
            ? new KubernetesSerialization().asJson(reports) + "\n"
            : ReportText.render(reports));
    out.flush();
    return 0;
  }
}
