package dev.gpudra.cli;

import dev.gpudra.allocator.Allocator;
import dev.gpudra.allocator.TaintRule;
import dev.gpudra.allocator.cel.DeviceSelectorEnv;
import dev.gpudra.allocator.cel.SelectorEnvOptions;
import dev.gpudra.allocator.cel.SelectorFeature;
import dev.gpudra.allocator.explain.ClaimExplainer;
import dev.gpudra.allocator.explain.ClaimReport;
import dev.gpudra.allocator.explain.ExplainInput;
import dev.gpudra.allocator.explain.ReportText;
import dev.gpudra.allocator.explain.UnexplainableInputException;
import dev.gpudra.allocator.matching.CelSelectorEvaluator;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.PrintWriter;
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
    json,
    yaml
  }

  /** Where the cluster's slices, classes and allocations come from. */
  static final class Source {
    @Option(
        names = "--slices",
        paramLabel = "FILE|DIR|-",
        description =
            "ResourceSlice (and DeviceClass, DeviceTaintRule) files instead of a cluster.")
    String slices;

    @Option(
        names = "--kubeconfig",
        paramLabel = "FILE",
        description =
            "Read everything from this cluster. Default: $KUBECONFIG, ~/.kube/config, in-cluster.")
    String kubeconfig;
  }

  @Spec CommandSpec spec;

  @Option(
      names = {"-f", "--filename"},
      required = true,
      paramLabel = "FILE|DIR|-",
      description =
          "ResourceClaims, ResourceClaimTemplates (v1, v1beta2, v1beta1), Pods or workloads"
              + " (Deployment, StatefulSet, DaemonSet, ReplicaSet, Job, CronJob), with the claims"
              + " and templates their pods use, and DeviceTaintRules to apply besides the"
              + " cluster's: a file, a directory of .yaml, .yml and .json files, or - for standard"
              + " input.")
  String file;

  @Option(
      names = {"-R", "--recursive"},
      description = "With a directory, its subdirectories too.")
  boolean recursive;

  @ArgGroup(exclusive = true, multiplicity = "0..1")
  Source source = new Source();

  @Option(names = "--context", paramLabel = "NAME", description = "The kubeconfig context to use.")
  String context;

  /** The process's standard input; a test gives its own. */
  java.io.InputStream stdin = System.in;

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
    if (source.slices != null && context != null) {
      throw new InvalidArgumentsException("--context names a cluster; --slices reads none");
    }
    if (ManifestPaths.STDIN.equals(source.slices) && ManifestPaths.STDIN.equals(file)) {
      throw new InvalidArgumentsException("-f - and --slices -: standard input is read once");
    }
    ManifestFiles files = new ManifestFiles(stdin);
    ClusterView cluster =
        source.slices != null
            ? ClusterView.fromFiles(
                "--slices " + source.slices, files.read("--slices", source.slices, recursive))
            : ClusterView.fromApi(ClusterTarget.of(source.kubeconfig, context));
    List<HasMetadata> objects = files.read(file, recursive);
    List<Namespace> namespaces = new ArrayList<>(cluster.namespaces());
    namespaces.addAll(ClusterView.namespaces(objects));
    List<TaintRule> moreRules = ClusterView.taintRules(file, objects);
    ExplainInput input =
        new ExplainInput(
            objects,
            cluster.state().withTaintRules(moreRules),
            cluster.nodes(Optional.ofNullable(node)),
            namespaces);
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
        switch (output) {
          case json -> new KubernetesSerialization().asJson(reports) + "\n";
          case yaml -> new KubernetesSerialization().asYaml(reports);
          case text -> ReportText.render(reports);
        });
    out.flush();
    return 0;
  }
}
