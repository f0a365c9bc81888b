package dev.gpudra.demo.operator;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.api.clusterpolicy.ClusterPolicy;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplateBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.UncheckedIOException;

/** The operator demo's objects: its ClusterPolicy, and a pod with a claim for one GPU. */
final class OperatorWorkload {
  static final String NAMESPACE = "operator-demo";
  static final String POD = "training";
  private static final String TEMPLATE = "one-gpu";

  private OperatorWorkload() {}

  /**
   * A ClusterPolicy as a user with a pre-installed driver and toolkit writes it, NVIDIA's image
   * operands off, our DRA driver (ComputeDomains off) on every GPU node with the demo's simulated
   * GPUs.
   */
  static ClusterPolicy policy(String profile) {
    String yaml =
        String.join(
            "\n",
            "operator: {defaultRuntime: containerd}",
            "driver: {enabled: false}",
            "toolkit: {enabled: false}",
            "devicePlugin: {enabled: true}",
            "dcgm: {enabled: false}",
            "dcgmExporter: {enabled: false}",
            "gfd: {enabled: false}",
            "migManager: {enabled: false}",
            "draDriver:",
            "  computeDomains: {enabled: false}",
            "  gpus: {kubeletPlugin: {env: [{name: SIMULATED_GPUS, value: " + profile + "}]}}",
            "migration: {draNodes: all}",
            "");
    try {
      return new ClusterPolicy(
          new ObjectMetaBuilder().withName("cluster-policy").build(),
          new ObjectMapper(new YAMLFactory()).readValue(yaml, ClusterPolicySpec.class),
          null);
    } catch (IOException e) {
      throw new UncheckedIOException("the demo's ClusterPolicy does not parse", e);
    }
  }

  /** The claim template and the pod that uses it. */
  static void create(KubernetesClient client) {
    client
        .resource(
            new ResourceClaimTemplateBuilder()
                .withNewMetadata()
                .withName(TEMPLATE)
                .withNamespace(NAMESPACE)
                .endMetadata()
                .withNewSpec()
                .withNewSpec()
                .withNewDevices()
                .addNewRequest()
                .withName("gpu")
                .withNewExactly()
                .withDeviceClassName("gpu.nvidia.com")
                .endExactly()
                .endRequest()
                .endDevices()
                .endSpec()
                .endSpec()
                .build())
        .create();
    client
        .resource(
            new PodBuilder()
                .withNewMetadata()
                .withName(POD)
                .withNamespace(NAMESPACE)
                .endMetadata()
                .withNewSpec()
                .addNewResourceClaim()
                .withName("gpu")
                .withResourceClaimTemplateName(TEMPLATE)
                .endResourceClaim()
                .addNewContainer()
                .withName("main")
                .withImage("cuda")
                .withNewResources()
                .addNewClaim()
                .withName("gpu")
                .endClaim()
                .endResources()
                .endContainer()
                .endSpec()
                .build())
        .create();
  }

  /** The device the pod's claim got, e.g. {@code gpu-3}. */
  static String allocated(KubernetesClient client) {
    return client.resources(ResourceClaim.class).inNamespace(NAMESPACE).list().getItems().stream()
        .filter(c -> c.getStatus() != null && c.getStatus().getAllocation() != null)
        .flatMap(c -> c.getStatus().getAllocation().getDevices().getResults().stream())
        .map(r -> r.getDevice())
        .findFirst()
        .orElse("no device");
  }

  /** The policy's state and its Ready condition's message. */
  static String status(KubernetesClient client) {
    ClusterPolicy policy = client.resources(ClusterPolicy.class).withName("cluster-policy").get();
    if (policy.getStatus() == null) {
      return "not written yet";
    }
    String state =
        switch (policy.getStatus().state()) {
          case READY -> "ready";
          case NOT_READY -> "notReady";
          case IGNORED -> "ignored";
        };
    return state
        + policy.getStatus().conditions().stream()
            .filter(c -> "Error".equals(c.getType()) && "True".equals(c.getStatus()))
            .map(c -> " (" + c.getMessage() + ")")
            .findFirst()
            .orElse("");
  }

  static void delete(KubernetesClient client) {
    client.pods().inNamespace(NAMESPACE).withName(POD).delete();
  }
}
