package dev.gpudra.api.computedomain;

import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceColumnDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceColumnDefinitionBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionVersionBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaPropsBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.ValidationRuleBuilder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The CustomResourceDefinitions of {@link ComputeDomain} and {@link ComputeDomainClique}, with the
 * schema of NVIDIA's (immutable spec, enums and defaults, list-map keys, the status subresource of
 * ComputeDomain) plus printer columns for {@code kubectl get} and the {@code conditions} status
 * field.
 */
public final class ComputeDomainCrds {
  /** The message the API server answers a changed spec with, as NVIDIA's CRD. */
  public static final String IMMUTABLE_SPEC = "A computeDomain.spec is immutable";

  private ComputeDomainCrds() {}

  /** Both CRDs, ComputeDomain first. */
  public static List<CustomResourceDefinition> all() {
    return List.of(computeDomains(), computeDomainCliques());
  }

  public static CustomResourceDefinition computeDomains() {
    return crd(
        "computedomains",
        "computedomain",
        ComputeDomain.KIND,
        new CustomResourceDefinitionVersionBuilder()
            .withName(ComputeDomain.VERSION)
            .withServed(true)
            .withStorage(true)
            .withNewSubresources()
            .withNewStatus()
            .endStatus()
            .endSubresources()
            .withAdditionalPrinterColumns(
                column(
                    "Status",
                    "string",
                    ".status.status",
                    "Ready once every node's IMEX daemon is."),
                column(
                    "Nodes", "string", ".status.nodes[*].name", "The nodes whose daemons joined."),
                column("Age", "date", ".metadata.creationTimestamp", ""))
            .withNewSchema()
            .withOpenAPIV3Schema(computeDomainSchema())
            .endSchema()
            .build());
  }

  public static CustomResourceDefinition computeDomainCliques() {
    return crd(
        "computedomaincliques",
        "computedomainclique",
        ComputeDomainClique.KIND,
        new CustomResourceDefinitionVersionBuilder()
            .withName(ComputeDomain.VERSION)
            .withServed(true)
            .withStorage(true)
            .withAdditionalPrinterColumns(
                column("Daemons", "string", ".daemons[*].nodeName", "The nodes of the clique."),
                column("Age", "date", ".metadata.creationTimestamp", ""))
            .withNewSchema()
            .withOpenAPIV3Schema(cliqueSchema())
            .endSchema()
            .build());
  }

  private static CustomResourceDefinition crd(
      String plural,
      String singular,
      String kind,
      io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionVersion version) {
    return new CustomResourceDefinitionBuilder()
        .withNewMetadata()
        .withName(plural + "." + ComputeDomain.GROUP)
        .endMetadata()
        .withNewSpec()
        .withGroup(ComputeDomain.GROUP)
        .withScope("Namespaced")
        .withNewNames()
        .withKind(kind)
        .withListKind(kind + "List")
        .withPlural(plural)
        .withSingular(singular)
        .endNames()
        .withVersions(version)
        .endSpec()
        .build();
  }

  private static CustomResourceColumnDefinition column(
      String name, String type, String path, String description) {
    CustomResourceColumnDefinitionBuilder column =
        new CustomResourceColumnDefinitionBuilder()
            .withName(name)
            .withType(type)
            .withJsonPath(path);
    return description.isEmpty() ? column.build() : column.withDescription(description).build();
  }

  private static JSONSchemaProps computeDomainSchema() {
    Map<String, JSONSchemaProps> top = envelope();
    top.put("spec", spec());
    top.put("status", status());
    return SchemaParts.object(
        "A set of nodes prepared to run one multi-node workload over NVLink (IMEX).", top);
  }

  private static JSONSchemaProps spec() {
    Map<String, JSONSchemaProps> template = new LinkedHashMap<>();
    template.put("name", SchemaParts.string("The ResourceClaimTemplate's name."));
    Map<String, JSONSchemaProps> channel = new LinkedHashMap<>();
    channel.put(
        "resourceClaimTemplate",
        SchemaParts.object(
            "The ResourceClaimTemplate made in the domain's namespace for its workload pods.",
            template,
            "name"));
    channel.put(
        "allocationMode",
        SchemaParts.oneOf(
            "Single: each claim gets IMEX channel 0; All: every channel of the IMEX domain.",
            ChannelAllocationMode.SINGLE.value(),
            ChannelAllocationMode.ALL.value(),
            ChannelAllocationMode.SINGLE.value()));
    Map<String, JSONSchemaProps> spec = new LinkedHashMap<>();
    spec.put(
        "numNodes",
        SchemaParts.count(
            "Deprecated. With IMEX daemons named by DNS (the default) the domain's status is Ready"
                + " once this many nodes' daemons are; 0 needs none. It never holds daemons or"
                + " workloads back in that mode."));
    spec.put(
        "channel",
        SchemaParts.object(
            "The IMEX channel the domain's workload pods claim.",
            channel,
            "resourceClaimTemplate"));
    JSONSchemaProps props =
        SchemaParts.object("What the domain is made of; immutable.", spec, "channel");
    return new JSONSchemaPropsBuilder(props)
        .withXKubernetesValidations(
            new ValidationRuleBuilder()
                .withRule("self == oldSelf")
                .withMessage(IMMUTABLE_SPEC)
                .build())
        .build();
  }

  private static JSONSchemaProps status() {
    Map<String, JSONSchemaProps> node = new LinkedHashMap<>();
    node.put("name", SchemaParts.string("The node."));
    node.put("ipAddress", SchemaParts.string("Its daemon pod's IP address."));
    node.put(
        "cliqueID",
        SchemaParts.string("<cluster UUID>.<clique ID> of its NVLink fabric; empty off fabric."));
    node.put(
        "index",
        SchemaParts.integer(
            "Its place in the clique, which names its IMEX daemon in DNS; -1 off fabric."));
    node.put("status", readiness("Whether its IMEX daemon is ready."));
    Map<String, JSONSchemaProps> status = new LinkedHashMap<>();
    status.put(
        "status", readiness("Ready when every node that joined is, and at least numNodes did."));
    status.put(
        "nodes",
        SchemaParts.listMap(
            "The nodes whose daemons joined.",
            "name",
            SchemaParts.object("One node of the domain.", node, "name", "ipAddress", "cliqueID")));
    status.put(
        "conditions",
        SchemaParts.listMap(
            "Why the domain is or is not Ready, as the controller sees it.",
            "type",
            SchemaParts.condition()));
    return SchemaParts.object("What the controller sees of the domain.", status, "status");
  }

  private static JSONSchemaProps cliqueSchema() {
    Map<String, JSONSchemaProps> daemon = new LinkedHashMap<>();
    daemon.put("nodeName", SchemaParts.string("The daemon's node."));
    daemon.put("ipAddress", SchemaParts.string("Its pod's IP address."));
    daemon.put("cliqueID", SchemaParts.string("The clique."));
    daemon.put("index", SchemaParts.integer("Its place in the clique (its IMEX DNS name)."));
    daemon.put("status", readiness("Whether its IMEX daemon is ready."));
    Map<String, JSONSchemaProps> top = envelope();
    top.put(
        "daemons",
        SchemaParts.listMap(
            "The daemons of the clique, each written by itself.",
            "nodeName",
            SchemaParts.object("One daemon.", daemon, "nodeName", "ipAddress", "cliqueID")));
    return SchemaParts.object(
        "The daemons of one NVLink clique of a ComputeDomain, named <domain UID>.<clique ID>.",
        top);
  }

  /** {@code Ready} or {@code NotReady}, {@code NotReady} when absent. */
  private static JSONSchemaProps readiness(String description) {
    return SchemaParts.oneOf(
        description,
        DomainStatus.NOT_READY.value(),
        DomainStatus.READY.value(),
        DomainStatus.NOT_READY.value());
  }

  /** {@code apiVersion}, {@code kind} and {@code metadata}, as every object has them. */
  private static Map<String, JSONSchemaProps> envelope() {
    Map<String, JSONSchemaProps> top = new LinkedHashMap<>();
    top.put("apiVersion", SchemaParts.string("The versioned schema of this object."));
    top.put("kind", SchemaParts.string("The kind of this object."));
    top.put("metadata", new JSONSchemaPropsBuilder().withType("object").build());
    return top;
  }
}
