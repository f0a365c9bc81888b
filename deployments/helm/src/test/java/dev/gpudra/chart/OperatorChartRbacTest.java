package dev.gpudra.chart;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.api.clusterpolicy.Runtime;
import dev.gpudra.controllerkit.leaderelection.LeaseAccess;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.dispatch.StateObjects;
import dev.gpudra.operator.states.OperandState;
import io.fabric8.kubernetes.api.Pluralize;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.api.model.rbac.Role;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The operator chart's role holds what the operator does and grants: the API server lets a role be
 * created only by one who holds its rules, so every rule of every role any state renders (with
 * every option on and every NVIDIA image named) must be in the chart's ClusterRole (or, for a
 * namespaced Role, in its Role), and every object the states apply must be readable, creatable,
 * updatable and deletable by it.
 */
class OperatorChartRbacTest {
  private static final String NS = "gpu-operator";
  private static final List<String> APPLY_VERBS = List.of("get", "create", "update", "delete");
  private static final String EVERYTHING =
      String.join(
          "\n",
          "psa: {enabled: true}",
          "cdi: {enabled: true}",
          "driver: {enabled: true, rdma: {enabled: true}}",
          "toolkit: {enabled: true}",
          "devicePlugin: {enabled: true, config: {name: plugin-configs, default: any}}",
          "dcgm: {enabled: true}",
          "dcgmExporter: {enabled: true, enablePodLabels: true, config: {name: metrics},"
              + " serviceMonitor: {enabled: true}}",
          "gfd: {enabled: true}",
          "migManager: {enabled: true}",
          "nodeStatusExporter: {enabled: true}",
          "sandboxWorkloads: {enabled: true}",
          "sandboxDevicePlugin: {enabled: true}",
          "kataSandboxDevicePlugin: {enabled: true}",
          "ccManager: {enabled: true}",
          "vfioManager: {enabled: true}",
          "vgpuManager: {enabled: true}",
          "vgpuDeviceManager: {enabled: true, config: {name: vgpu-layouts}}",
          "draDriver: {featureGates: {MPSSupport: true, ClaimDeviceStatus: true,"
              + " ComputeDomainBindingConditions: true},"
              + " computeDomains: {enabled: true}}",
          "");

  @Test
  @DisplayName(
      "every role a state renders, and every object it applies, is within the chart's own roles")
  void theChartHoldsWhatTheOperatorGrantsAndApplies() throws IOException {
    List<HasMetadata> objects = rendered();
    Map<String, List<JsonNode>> chart = chartRules();
    List<JsonNode> clusterWide = chart.get("ClusterRole");
    List<JsonNode> inNamespace = new ArrayList<>(clusterWide);
    inNamespace.addAll(chart.get("Role"));

    TreeSet<String> missing = new TreeSet<>();
    for (HasMetadata object : objects) {
      if (object instanceof ClusterRole role) {
        role.getRules().forEach(r -> missing.addAll(uncovered(role, r, clusterWide)));
      } else if (object instanceof Role role) {
        role.getRules().forEach(r -> missing.addAll(uncovered(role, r, inNamespace)));
      }
      boolean namespaced = object.getMetadata().getNamespace() != null;
      for (String verb : APPLY_VERBS) {
        if (!allowed(
            group(object), plural(object), verb, null, namespaced ? inNamespace : clusterWide)) {
          missing.add("apply " + object.getKind() + ": " + verb + " " + plural(object));
        }
      }
    }

    assertThat(objects).as("the states rendered").hasSizeGreaterThan(80);
    assertThat(missing).as("what the chart's roles lack").isEmpty();
  }

  @Test
  @DisplayName(
      "both charts' controllers may do to their Lease what leader election does (get, create,"
          + " patch), and the operator may record its Warning Events")
  void theControllersCanRenewTheirLease() throws IOException {
    List<JsonNode> operator = chartRules().get("Role");
    List<JsonNode> controller = rules(Path.of("gpu-dra/templates/rbac-compute-domains.yaml"));
    for (String verb : LeaseAccess.VERBS) {
      assertThat(allowed("coordination.k8s.io", "leases", verb, null, operator))
          .as("the operator's Role: %s leases", verb)
          .isTrue();
      assertThat(allowed("coordination.k8s.io", "leases", verb, null, controller))
          .as("the ComputeDomain controller's Role: %s leases", verb)
          .isTrue();
    }
    assertThat(allowed("", "events", "create", null, chartRules().get("ClusterRole"))).isTrue();
    assertThat(allowed("", "events", "create", null, controller)).isTrue();
  }

  @Test
  @DisplayName(
      "the operator may find NVIDIA's NVIDIADriver CRD, watch NVIDIADrivers, write their"
          + " status, own operands through them, and delete its DaemonSets")
  void theOperatorCanReconcileNvidiaDrivers() throws IOException {
    List<JsonNode> clusterWide = chartRules().get("ClusterRole");
    for (String verb : List.of("get", "list", "watch")) {
      assertThat(allowed("nvidia.com", "nvidiadrivers", verb, null, clusterWide))
          .as("%s nvidiadrivers", verb)
          .isTrue();
    }
    for (String verb : List.of("get", "update", "patch")) {
      assertThat(allowed("nvidia.com", "nvidiadrivers/status", verb, null, clusterWide))
          .as("%s nvidiadrivers/status", verb)
          .isTrue();
    }
    assertThat(allowed("nvidia.com", "nvidiadrivers/finalizers", "update", null, clusterWide))
        .isTrue();
    assertThat(
            allowed(
                "apiextensions.k8s.io",
                "customresourcedefinitions",
                "get",
                List.of("nvidiadrivers.nvidia.com"),
                clusterWide))
        .isTrue();
    List<JsonNode> inNamespace = new ArrayList<>(clusterWide);
    inNamespace.addAll(chartRules().get("Role"));
    assertThat(allowed("apps", "daemonsets", "delete", null, inNamespace)).isTrue();
  }

  /** Every rule of a template's roles, its template directives left out. */
  private static List<JsonNode> rules(Path file) throws IOException {
    String template =
        Files.readString(file)
            .lines()
            .filter(l -> !l.contains("{{"))
            .collect(Collectors.joining("\n"));
    List<JsonNode> rules = new ArrayList<>();
    new ObjectMapper(new YAMLFactory())
        .readerFor(JsonNode.class)
        .<JsonNode>readValues(template)
        .readAll()
        .forEach(d -> d.path("rules").forEach(rules::add));
    return rules;
  }

  private static List<HasMetadata> rendered() throws IOException {
    ClusterPolicySpec spec =
        new ObjectMapper(new YAMLFactory()).readValue(EVERYTHING, ClusterPolicySpec.class);
    Map<String, String> images =
        OperandContext.IMAGE_VARIABLES.stream()
            .collect(Collectors.toMap(Function.identity(), v -> "nvcr.io/nvidia/x:" + v));
    OperandContext context =
        new OperandContext(
            NS,
            spec,
            "gpu-dra:1",
            images,
            Runtime.CONTAINERD,
            new TreeSet<>(List.of("ubuntu24.04")),
            true);
    List<HasMetadata> all = new ArrayList<>();
    for (OperandState state : OperandState.values()) {
      StateObjects objects = StateObjects.of(state, context);
      all.addAll(objects.objects());
      all.addAll(StateObjects.of(state, context.widest()).objects());
    }
    return all;
  }

  /** The chart's rules by kind, its templates' namespace and labels filled in. */
  private static Map<String, List<JsonNode>> chartRules() throws IOException {
    String template =
        Files.readString(Path.of("gpu-operator/templates/rbac.yaml"))
            .lines()
            .filter(l -> !l.contains("include \"gpu-operator.labels\""))
            .map(l -> l.replaceAll("\\{\\{ \\.Release\\.Namespace( \\| quote)? }}", NS))
            .collect(Collectors.joining("\n"));
    List<JsonNode> documents =
        new ObjectMapper(new YAMLFactory())
            .readerFor(JsonNode.class)
            .<JsonNode>readValues(template)
            .readAll();
    Map<String, List<JsonNode>> rules = new java.util.HashMap<>();
    rules.put("ClusterRole", new ArrayList<>());
    rules.put("Role", new ArrayList<>());
    for (JsonNode document : documents) {
      List<JsonNode> kind = rules.get(document.path("kind").asText());
      if (kind != null) {
        document.path("rules").forEach(kind::add);
      }
    }
    return rules;
  }

  private static List<String> uncovered(HasMetadata role, PolicyRule rule, List<JsonNode> chart) {
    List<String> missing = new ArrayList<>();
    List<String> names = rule.getResourceNames() == null ? List.of() : rule.getResourceNames();
    for (String group : rule.getApiGroups()) {
      for (String resource : rule.getResources()) {
        for (String verb : rule.getVerbs()) {
          if (!allowed(group, resource, verb, names, chart)) {
            missing.add(
                role.getKind()
                    + " "
                    + role.getMetadata().getName()
                    + " grants "
                    + verb
                    + " "
                    + (group.isEmpty() ? "" : group + "/")
                    + resource);
          }
        }
      }
    }
    return missing;
  }

  private static boolean allowed(
      String group, String resource, String verb, List<String> names, List<JsonNode> chart) {
    for (JsonNode rule : chart) {
      if (contains(rule.path("apiGroups"), group)
          && contains(rule.path("resources"), resource)
          && contains(rule.path("verbs"), verb)
          && (rule.path("resourceNames").isEmpty()
              || names != null
                  && !names.isEmpty()
                  && names.stream().allMatch(n -> contains(rule.path("resourceNames"), n)))) {
        return true;
      }
    }
    return false;
  }

  private static boolean contains(JsonNode array, String value) {
    for (JsonNode item : array) {
      if (item.asText().equals(value)) {
        return true;
      }
    }
    return false;
  }

  private static String group(HasMetadata object) {
    String apiVersion = object.getApiVersion();
    return apiVersion.contains("/") ? apiVersion.substring(0, apiVersion.indexOf('/')) : "";
  }

  private static String plural(HasMetadata object) {
    return Pluralize.toPlural(object.getKind().toLowerCase(Locale.ROOT));
  }
}
