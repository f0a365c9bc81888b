package dev.gpudra.migrate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.gpudra.migrate.claims.ClaimNames;
import dev.gpudra.migrate.claims.ClaimPlan;
import dev.gpudra.migrate.claims.DeviceRequestPlan;
import dev.gpudra.migrate.claims.RequestPlanner;
import dev.gpudra.migrate.resources.Classification;
import dev.gpudra.migrate.resources.ResourceCatalog;
import dev.gpudra.migrate.workload.ContainerEdit;
import dev.gpudra.migrate.workload.ContainerResources;
import dev.gpudra.migrate.workload.PodSpecRewriter;
import dev.gpudra.migrate.workload.ResourceEntry;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Plans a pod spec's translation: per container that asks for device-plugin resources, one claim
 * with a request per resource. Init and ephemeral containers are not translated: the device manager
 * hands an init container's devices on to the app containers, which a claim per container would not
 * reproduce, and an ephemeral container cannot have claims.
 */
final class PodPlanner {
  private static final Map<String, String> UNTRANSLATED_CONTAINERS =
      Map.of("initContainers", "init container", "ephemeralContainers", "ephemeral container");

  private final ResourceCatalog catalog;
  private final RequestPlanner requests = new RequestPlanner();

  PodPlanner(ResourceCatalog catalog) {
    this.catalog = catalog;
  }

  /**
   * @param podSpec the pod spec, not changed
   * @param workload the name the templates are named after
   */
  PodPlan plan(JsonNode podSpec, String workload) {
    List<String> problems = new ArrayList<>();
    UNTRANSLATED_CONTAINERS.keySet().stream()
        .sorted()
        .forEach(field -> refuse(podSpec, field, problems));
    Set<String> podClaims = new HashSet<>(PodSpecRewriter.podClaimNames(podSpec));
    List<ContainerEdit> edits = new ArrayList<>();
    List<ClaimPlan> claims = new ArrayList<>();
    JsonNode containers = podSpec.path("containers");
    if (!containers.isMissingNode() && !containers.isArray()) {
      // an ObjectNode's size() counts its fields, and get(i) of it is null
      problems.add("containers: not a list");
      containers = MissingNode.getInstance();
    }
    for (int i = 0; i < containers.size(); i++) {
      List<ResourceEntry> entries =
          ContainerResources.entries(containers.get(i), ResourceCatalog::isNvidia);
      if (entries.isEmpty()) {
        continue;
      }
      String where = "container \"" + ContainerResources.name(containers.get(i), i) + "\"";
      List<DeviceRequestPlan> plans = requestPlans(entries, where, problems);
      Optional<ClaimPlan> claim = claim(containers.get(i), workload, plans, where, problems);
      claim.ifPresent(c -> {
        if (!podClaims.add(c.podClaimName())) {
          problems.add(where + ": the pod has a claim named \"" + c.podClaimName() + "\" already");
        }
        claims.add(c);
      });
      edits.add(
          new ContainerEdit(
              i,
              entries.stream().map(ResourceEntry::resource).toList(),
              claim.map(c -> new ContainerEdit.PodClaim(c.podClaimName(), c.templateName()))));
    }
    return new PodPlan(edits, claims, problems);
  }

  private static void refuse(JsonNode podSpec, String field, List<String> problems) {
    JsonNode containers = podSpec.path(field);
    if (!containers.isArray()) {
      return;
    }
    for (int i = 0; i < containers.size(); i++) {
      for (ResourceEntry entry :
          ContainerResources.entries(containers.get(i), ResourceCatalog::isNvidia)) {
        problems.add(
            UNTRANSLATED_CONTAINERS.get(field)
                + " \""
                + ContainerResources.name(containers.get(i), i)
                + "\": "
                + entry.resource()
                + ": only app containers are translated (give its claim to it by hand, or let an"
                + " app container ask for the devices)");
      }
    }
  }

  private List<DeviceRequestPlan> requestPlans(
      List<ResourceEntry> entries, String where, List<String> problems) {
    List<DeviceRequestPlan> plans = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (ResourceEntry entry : entries) {
      String prefix = where + ": " + entry.resource() + ": ";
      OptionalLong count = entry.count();
      if (count.isEmpty()) {
        problems.add(prefix + entry.countProblem());
        continue;
      }
      switch (catalog.classify(entry.resource())) {
        case Classification.Untranslatable u -> problems.add(prefix + u.reason());
        case Classification.Translatable t -> {
          Optional<String> refusal = t.sharing().flatMap(s -> s.refusal(count.getAsLong()));
          if (refusal.isPresent()) {
            problems.add(prefix + refusal.get());
          } else if (count.getAsLong() > 0) {
            DeviceRequestPlan plan = requests.plan(entry.resource(), t, count.getAsLong());
            if (!names.add(plan.name())) {
              problems.add(prefix + "its request name \"" + plan.name() + "\" is another's too");
            }
            plans.add(plan);
          }
        }
      }
    }
    return plans;
  }

  private static Optional<ClaimPlan> claim(
      JsonNode container,
      String workload,
      List<DeviceRequestPlan> plans,
      String where,
      List<String> problems) {
    if (plans.isEmpty()) {
      return Optional.empty();
    }
    String name = container.path("name").asText("");
    if (name.isEmpty()) {
      problems.add(where + ": has no name to name its claim after");
      return Optional.empty();
    }
    String template = ClaimNames.template(workload, name);
    if (template.length() > ClaimNames.SUBDOMAIN_MAX) {
      problems.add(
          where
              + ": its template's name would be longer than "
              + ClaimNames.SUBDOMAIN_MAX
              + " characters: "
              + template);
    }
    return Optional.of(new ClaimPlan(template, ClaimNames.podClaim(name), plans));
  }
}
