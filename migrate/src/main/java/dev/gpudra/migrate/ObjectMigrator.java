package dev.gpudra.migrate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gpudra.migrate.claims.ClaimPlan;
import dev.gpudra.migrate.claims.ClaimTemplates;
import dev.gpudra.migrate.resources.ResourceCatalog;
import dev.gpudra.migrate.workload.PodSpecRewriter;
import dev.gpudra.migrate.workload.ResourceScan;
import dev.gpudra.migrate.workload.WorkloadKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Translates one object: a workload of a kind migrate knows gets its pod template rewritten and a
 * claim template per container; an object of another kind that asks for device-plugin resources
 * anywhere is reported, since where its pods come from is its controller's business.
 */
final class ObjectMigrator {
  private final PodPlanner pods;
  private final ClaimTemplates templates = new ClaimTemplates();

  ObjectMigrator(ResourceCatalog catalog) {
    this.pods = new PodPlanner(catalog);
  }

  /**
   * @param object the object, not changed
   * @param names the templates generated so far; this object's are added when it is translated
   * @param owner the object and where it is, for other objects' messages
   */
  ObjectOutcome migrate(ObjectNode object, TemplateNames names, String owner) {
    Optional<WorkloadKind> kind = WorkloadKind.of(object);
    Optional<ObjectNode> podSpec = kind.flatMap(k -> k.podSpec(object));
    if (podSpec.isEmpty()) {
      return notAWorkload(object, kind.isPresent());
    }
    Optional<String> workload = workloadName(object);
    PodPlan plan = pods.plan(podSpec.get(), workload.orElse(""));
    if (plan.untouched()) {
      return ObjectOutcome.unchanged();
    }
    if (workload.isEmpty()) {
      return ObjectOutcome.untranslated(
          List.of("no metadata.name (or generateName) to name its claim templates after"));
    }
    Optional<String> namespace = namespace(object);
    List<String> problems = new ArrayList<>(plan.problems());
    for (ClaimPlan claim : plan.claims()) {
      names
          .owner(namespace, claim.templateName())
          .ifPresent(other ->
              problems.add(
                  "ResourceClaimTemplate " + claim.templateName() + " is " + other + "'s already"));
    }
    if (!problems.isEmpty()) {
      return ObjectOutcome.untranslated(problems);
    }
    plan.claims().forEach(claim -> names.take(namespace, claim.templateName(), owner));
    ObjectNode rewritten = object.deepCopy();
    PodSpecRewriter.apply(kind.get().podSpec(rewritten).orElseThrow(), plan.edits());
    return ObjectOutcome.rewritten(
        plan.claims().stream()
            .map(claim -> templates.tree(templates.template(claim, namespace)))
            .toList(),
        rewritten);
  }

  private static ObjectOutcome notAWorkload(ObjectNode object, boolean knownKind) {
    List<String> found = ResourceScan.find(object, ResourceCatalog::isNvidia);
    String why =
        knownKind
            ? "not in its pod template, where migrate looks"
            : "migrate knows the pod template of "
                + WorkloadKind.names()
                + " of Kubernetes' own API groups, not of "
                + object.path("apiVersion").asText()
                + " "
                + object.path("kind").asText();
    return ObjectOutcome.untranslated(found.stream().map(at -> at + ": " + why).toList());
  }

  private static Optional<String> workloadName(JsonNode object) {
    JsonNode metadata = object.path("metadata");
    String name = metadata.path("name").asText("");
    if (name.isEmpty()) {
      name = metadata.path("generateName").asText("").replaceAll("-+$", "");
    }
    return name.isEmpty() ? Optional.empty() : Optional.of(name);
  }

  private static Optional<String> namespace(JsonNode object) {
    String namespace = object.path("metadata").path("namespace").asText("");
    return namespace.isEmpty() ? Optional.empty() : Optional.of(namespace);
  }
}
