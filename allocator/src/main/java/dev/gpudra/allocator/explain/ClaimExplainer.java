package dev.gpudra.allocator.explain;

import dev.gpudra.allocator.AllocationOutcome;
import dev.gpudra.allocator.Allocator;
import dev.gpudra.allocator.CandidateNode;
import dev.gpudra.allocator.FailureReason;
import dev.gpudra.allocator.Unsatisfiable;
import io.fabric8.kubernetes.api.model.HasMetadata;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Runs the allocator for every claim on every node and collects the explanations. A claim the API
 * server would refuse (admin access outside an admin namespace) and a node the pod cannot be
 * scheduled to (cordoned, or tainted without a toleration) fit nowhere resp. not there; the devices
 * are still explained.
 */
public final class ClaimExplainer {
  private final Allocator allocator;

  public ClaimExplainer(Allocator allocator) {
    this.allocator = Objects.requireNonNull(allocator, "allocator");
  }

  /**
   * @throws UnexplainableInputException when nothing among the objects uses devices, when a pod
   *     refers to a claim or template that is not given, or an object is malformed
   */
  public List<ClaimReport> explain(ExplainInput input) {
    List<ClaimToExplain> claims =
        new ClaimSources(input.objects(), input.cluster().deviceClasses()).claims();
    if (claims.isEmpty()) {
      throw new UnexplainableInputException(nothingToExplain(input));
    }
    AdminAccess admin = new AdminAccess(input.namespaces());
    List<ClaimReport> reports = new ArrayList<>();
    for (ClaimToExplain claim : claims) {
      Optional<String> refused = admin.refusal(claim.claim(), claim.namespace());
      List<AllocationOutcome> outcomes = new ArrayList<>();
      for (CandidateNode node : input.nodes()) {
        AllocationOutcome outcome = allocator.allocate(claim.claim(), input.cluster(), node);
        if (refused.isPresent()) {
          outcome = refuse(outcome, FailureReason.ADMIN_ACCESS_DENIED, refused.get());
        } else {
          AllocationOutcome allocated = outcome;
          outcome =
              NodeTaints.refusal(node, claim.tolerations())
                  .map(r -> refuse(allocated, r.reason(), r.message()))
                  .orElse(outcome);
        }
        outcomes.add(outcome);
      }
      reports.add(new ClaimReport(claim.label(), outcomes));
    }
    return reports;
  }

  private static AllocationOutcome refuse(
      AllocationOutcome outcome, FailureReason reason, String message) {
    return new Unsatisfiable(reason, "", message, outcome.explanation());
  }

  private static String nothingToExplain(ExplainInput input) {
    if (input.objects().isEmpty()) {
      return "nothing to explain: no objects given";
    }
    List<HasMetadata> objects = input.objects();
    String given =
        objects.stream()
                .limit(5)
                .map(o -> ObjectRef.of(o).toString())
                .collect(Collectors.joining(", "))
            + (objects.size() > 5 ? " and " + (objects.size() - 5) + " more" : "");
    return "nothing to explain: none of "
        + given
        + " is a ResourceClaim, a ResourceClaimTemplate, or a Pod, Deployment, StatefulSet,"
        + " DaemonSet, ReplicaSet, Job or CronJob whose pods use claims or extended resources"
        + " backed by a DeviceClass";
  }
}
