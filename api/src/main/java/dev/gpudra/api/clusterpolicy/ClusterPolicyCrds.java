package dev.gpudra.api.clusterpolicy;

import dev.gpudra.api.schema.RecordSchemas;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaPropsBuilder;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The CustomResourceDefinition {@code clusterpolicies.nvidia.com}: NVIDIA's names, scope, status
 * subresource and printer columns, and the schema read off {@link ClusterPolicySpec} and {@link
 * ClusterPolicyStatus}, so every field of NVIDIA's CRD is known to the API server (a manifest
 * written for NVIDIA's operator passes strict field validation unchanged, a misspelt key does not).
 */
public final class ClusterPolicyCrds {
  private ClusterPolicyCrds() {}

  public static CustomResourceDefinition clusterPolicies() {
    return new CustomResourceDefinitionBuilder()
        .withNewMetadata()
        .withName(ClusterPolicy.PLURAL + "." + ClusterPolicy.GROUP)
        .endMetadata()
        .withNewSpec()
        .withGroup(ClusterPolicy.GROUP)
        .withScope("Cluster")
        .withNewNames()
        .withKind(ClusterPolicy.KIND)
        .withListKind(ClusterPolicy.KIND + "List")
        .withPlural(ClusterPolicy.PLURAL)
        .withSingular("clusterpolicy")
        .endNames()
        .addNewVersion()
        .withName(ClusterPolicy.VERSION)
        .withServed(true)
        .withStorage(true)
        .withNewSubresources()
        .withNewStatus()
        .endStatus()
        .endSubresources()
        .addNewAdditionalPrinterColumn()
        .withName("Status")
        .withType("string")
        .withJsonPath(".status.state")
        .endAdditionalPrinterColumn()
        .addNewAdditionalPrinterColumn()
        .withName("Age")
        .withType("string")
        .withJsonPath(".metadata.creationTimestamp")
        .endAdditionalPrinterColumn()
        .withNewSchema()
        .withOpenAPIV3Schema(schema())
        .endSchema()
        .endVersion()
        .endSpec()
        .build();
  }

  private static JSONSchemaProps schema() {
    RecordSchemas schemas = new RecordSchemas();
    Map<String, JSONSchemaProps> root = new LinkedHashMap<>();
    root.put("apiVersion", new JSONSchemaPropsBuilder().withType("string").build());
    root.put("kind", new JSONSchemaPropsBuilder().withType("string").build());
    root.put("metadata", new JSONSchemaPropsBuilder().withType("object").build());
    root.put(
        "spec",
        new JSONSchemaPropsBuilder(schemas.of(ClusterPolicySpec.class))
            .withDescription("ClusterPolicySpec defines the desired state of ClusterPolicy")
            .build());
    root.put(
        "status",
        new JSONSchemaPropsBuilder(schemas.of(ClusterPolicyStatus.class))
            .withDescription("ClusterPolicyStatus defines the observed state of ClusterPolicy")
            .build());
    return new JSONSchemaPropsBuilder()
        .withType("object")
        .withDescription("ClusterPolicy is the Schema for the clusterpolicies API")
        .withProperties(root)
        .build();
  }
}
