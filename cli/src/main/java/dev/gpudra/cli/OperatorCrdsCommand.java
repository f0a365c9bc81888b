package dev.gpudra.cli;

import dev.gpudra.api.computedomain.ComputeDomainCrds;
import dev.gpudra.api.crds.ClusterPolicyCrds;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.NonDeletingOperation;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gpu-dra operator crds apply|delete}: the operator chart's CRD hooks, as NVIDIA's ({@code
 * operator.upgradeCRD}: helm never upgrades a chart's {@code crds/}, so a pre-upgrade Job applies
 * the CRDs this image was built with; {@code operator.cleanupCRD}: a pre-delete Job deletes them,
 * and with them every ClusterPolicy and GPUCluster left).
 */
@Command(
    name = "crds",
    mixinStandardHelpOptions = true,
    description =
        "apply: create or update the CRDs of this image (ClusterPolicy, GPUCluster, ComputeDomain,"
            + " ComputeDomainClique); delete: delete the ClusterPolicy and GPUCluster CRDs and wait"
            + " until they are gone.")
final class OperatorCrdsCommand implements Callable<Integer> {
  private static final Duration DELETE_WAIT = Duration.ofMinutes(2);

  @Spec CommandSpec spec;

  @Mixin ClusterOptions cluster = new ClusterOptions();

  @Parameters(index = "0", paramLabel = "apply|delete", description = "What to do.")
  String action;

  @Override
  public Integer call() {
    if (!action.equals("apply") && !action.equals("delete")) {
      throw new InvalidArgumentsException(
          "operator crds takes apply or delete, got \"" + action + "\"");
    }
    PrintWriter out = spec.commandLine().getOut();
    try (KubernetesClient client = Clients.connect(cluster.target())) {
      if (action.equals("apply")) {
        for (CustomResourceDefinition crd : applied()) {
          client.resource(crd).unlock().createOr(NonDeletingOperation::update);
          out.println("CRD " + crd.getMetadata().getName() + ": applied");
        }
      } else {
        for (CustomResourceDefinition crd : ClusterPolicyCrds.all()) {
          var resource =
              client
                  .apiextensions()
                  .v1()
                  .customResourceDefinitions()
                  .withName(crd.getMetadata().getName());
          resource.delete();
          resource.waitUntilCondition(c -> c == null, DELETE_WAIT.toSeconds(), TimeUnit.SECONDS);
          out.println("CRD " + crd.getMetadata().getName() + ": deleted");
        }
      }
    }
    out.flush();
    return 0;
  }

  /** The chart's CRDs, as this image has them. */
  static List<CustomResourceDefinition> applied() {
    List<CustomResourceDefinition> all = new ArrayList<>(ClusterPolicyCrds.all());
    all.addAll(ComputeDomainCrds.all());
    return all;
  }
}
