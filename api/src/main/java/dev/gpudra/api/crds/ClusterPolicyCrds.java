package dev.gpudra.api.crds;

import dev.gpudra.api.clusterpolicy.ClusterPolicy;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.api.clusterpolicy.ClusterPolicyStatus;
import dev.gpudra.api.clusterpolicy.GpuCluster;
import dev.gpudra.api.clusterpolicy.GpuClusterSpec;
import dev.gpudra.api.clusterpolicy.GpuClusterStatus;
import dev.gpudra.api.nvidiadriver.NvidiaDriver;
import dev.gpudra.api.nvidiadriver.NvidiaDriverSpec;
import dev.gpudra.api.nvidiadriver.NvidiaDriverStatus;
import dev.gpudra.api.schema.RecordSchemas;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionVersionBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaPropsBuilder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The CustomResourceDefinitions {@code clusterpolicies.nvidia.com} and {@code
 * gpuclusters.nvidia.com}: NVIDIA's names, scope, status subresource, printer columns and rules,
 * and the schemas read off the spec and status records, so every field of NVIDIA's CRDs is known to
 * the API server (a manifest written for NVIDIA's operator passes strict field validation
 * unchanged, a misspelt key does not).
 */
public final class ClusterPolicyCrds {
  private ClusterPolicyCrds() {}

  /** All three, ClusterPolicy first. */
  public static List<CustomResourceDefinition> all() {
    return List.of(clusterPolicies(), gpuClusters(), nvidiaDrivers());
  }

  /**
   * {@code nvidiadrivers.nvidia.com}: NVIDIA's short names, printer columns (Status, Default, Age)
   * and rules (a default driver has no {@code nodeSelector}; {@code driverType} and {@code
   * usePrecompiled} are immutable).
   */
  public static CustomResourceDefinition nvidiaDrivers() {
    JSONSchemaProps root =
        schema(NvidiaDriverSpec.class, NvidiaDriverStatus.class, NvidiaDriver.KIND);
    JSONSchemaProps spec = root.getProperties().get("spec");
    spec.setXKubernetesValidations(
        List.of(
            rule(
                "has(self.default) && self.default ? !has(self.nodeSelector) ||"
                    + " size(self.nodeSelector) == 0 : true",
                "default NVIDIADriver must not use nodeSelector")));
    for (String immutable : List.of("driverType", "usePrecompiled")) {
      spec.getProperties()
          .get(immutable)
          .setXKubernetesValidations(
              List.of(
                  rule(
                      "self == oldSelf",
                      immutable
                          + " is an immutable field. Please create a new NvidiaDriver resource"
                          + " instead when you want to change this setting.")));
    }
    return crd(
        NvidiaDriver.PLURAL,
        NvidiaDriver.KIND,
        List.of("nvd", "nvdriver", "nvdrivers"),
        new CustomResourceDefinitionVersionBuilder()
            .withName(NvidiaDriver.VERSION)
            .addNewAdditionalPrinterColumn()
            .withName("Default")
            .withType("boolean")
            .withJsonPath(".spec.default")
            .endAdditionalPrinterColumn()
            .addNewAdditionalPrinterColumn()
            .withName("Age")
            .withType("string")
            .withJsonPath(".metadata.creationTimestamp")
            .endAdditionalPrinterColumn()
            .withNewSchema()
            .withOpenAPIV3Schema(root)
            .endSchema());
  }

  private static io.fabric8.kubernetes.api.model.apiextensions.v1.ValidationRule rule(
      String rule, String message) {
    return new io.fabric8.kubernetes.api.model.apiextensions.v1.ValidationRuleBuilder()
        .withRule(rule)
        .withMessage(message)
        .build();
  }

  public static CustomResourceDefinition clusterPolicies() {
    return crd(
        ClusterPolicy.PLURAL,
        ClusterPolicy.KIND,
        List.of(),
        new CustomResourceDefinitionVersionBuilder()
            .withName(ClusterPolicy.VERSION)
            .addNewAdditionalPrinterColumn()
            .withName("Age")
            .withType("string")
            .withJsonPath(".metadata.creationTimestamp")
            .endAdditionalPrinterColumn()
            .withNewSchema()
            .withOpenAPIV3Schema(
                schema(ClusterPolicySpec.class, ClusterPolicyStatus.class, ClusterPolicy.KIND))
            .endSchema());
  }

  public static CustomResourceDefinition gpuClusters() {
    JSONSchemaProps schema =
        new JSONSchemaPropsBuilder(
                schema(GpuClusterSpec.class, GpuClusterStatus.class, GpuCluster.KIND))
            .addNewXKubernetesValidation()
            .withRule("self.metadata.name == '" + GpuCluster.NAME + "'")
            .withMessage(
                "GPUCluster is a singleton, metadata.name must be '" + GpuCluster.NAME + "'")
            .endXKubernetesValidation()
            .build();
    return crd(
        GpuCluster.PLURAL,
        GpuCluster.KIND,
        List.of("gc"),
        new CustomResourceDefinitionVersionBuilder()
            .withName(GpuCluster.VERSION)
            .addNewAdditionalPrinterColumn()
            .withName("Age")
            .withType("date")
            .withJsonPath(".metadata.creationTimestamp")
            .endAdditionalPrinterColumn()
            .withNewSchema()
            .withOpenAPIV3Schema(schema)
            .endSchema());
  }

  private static CustomResourceDefinition crd(
      String plural,
      String kind,
      List<String> shortNames,
      CustomResourceDefinitionVersionBuilder version) {
    return new CustomResourceDefinitionBuilder()
        .withNewMetadata()
        .withName(plural + "." + ClusterPolicy.GROUP)
        .endMetadata()
        .withNewSpec()
        .withGroup(ClusterPolicy.GROUP)
        .withScope("Cluster")
        .withNewNames()
        .withKind(kind)
        .withListKind(kind + "List")
        .withPlural(plural)
        .withSingular(kind.toLowerCase(java.util.Locale.ROOT))
        .withShortNames(shortNames.isEmpty() ? null : shortNames)
        .endNames()
        .withVersions(
            version
                .withServed(true)
                .withStorage(true)
                .withNewSubresources()
                .withNewStatus()
                .endStatus()
                .endSubresources()
                .addToAdditionalPrinterColumns(
                    0,
                    new io.fabric8.kubernetes.api.model.apiextensions.v1
                            .CustomResourceColumnDefinitionBuilder()
                        .withName("Status")
                        .withType("string")
                        .withJsonPath(".status.state")
                        .build())
                .build())
        .endSpec()
        .build();
  }

  private static JSONSchemaProps schema(Class<?> spec, Class<?> status, String kind) {
    RecordSchemas schemas = new RecordSchemas();
    Map<String, JSONSchemaProps> root = new LinkedHashMap<>();
    root.put("apiVersion", new JSONSchemaPropsBuilder().withType("string").build());
    root.put("kind", new JSONSchemaPropsBuilder().withType("string").build());
    root.put("metadata", new JSONSchemaPropsBuilder().withType("object").build());
    root.put(
        "spec",
        new JSONSchemaPropsBuilder(schemas.of(spec))
            .withDescription("the desired state of the " + kind)
            .build());
    root.put(
        "status",
        new JSONSchemaPropsBuilder(schemas.of(status))
            .withDescription("the observed state of the " + kind)
            .build());
    return new JSONSchemaPropsBuilder()
        .withType("object")
        .withDescription(kind + " of NVIDIA's GPU Operator API, nvidia.com")
        .withProperties(root)
        .build();
  }
}
