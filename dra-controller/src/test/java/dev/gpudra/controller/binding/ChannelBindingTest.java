package dev.gpudra.controller.binding;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.api.computedomain.ComputeDomainBinding;
import dev.gpudra.api.computedomain.ComputeDomainNode;
import dev.gpudra.api.computedomain.DomainStatus;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** What the controller does for a channel claim's binding conditions. */
class ChannelBindingTest {
  private static final String UID = "uid-1";
  private static final Map<String, ComputeDomainNode> NO_NODES = Map.of();

  private static ResourceClaim claim(String conditions, String devices) {
    return new KubernetesSerialization()
        .unmarshal(
            """
            apiVersion: resource.k8s.io/v1
            kind: ResourceClaim
            metadata: {name: c, namespace: ns}
            status:
              allocation:
                devices:
                  results:
                  - {request: channel, driver: compute-domain.nvidia.com, pool: node-a,
                     device: channel-0%s}
              devices: %s
            """
                .formatted(conditions, devices),
            ResourceClaim.class);
  }

  private static final String BINDING =
      ", bindingConditions: ["
          + ComputeDomainBinding.READY
          + "], bindingFailureConditions: ["
          + ComputeDomainBinding.FAILED
          + "]";

  private static List<BindingStep> steps(
      ResourceClaim claim, Optional<String> label, DomainStatus status) {
    Map<String, ComputeDomainNode> nodes =
        status == null
            ? NO_NODES
            : Map.of("node-a", new ComputeDomainNode("node-a", "10.0.0.1", "", 0, status));
    return ChannelBinding.steps(claim, "ns/d (uid-1)", UID, Map.of("node-a", label), nodes);
  }

  @Test
  @DisplayName("a channel without binding conditions needs nothing")
  void none() {
    assertThat(steps(claim("", "[]"), Optional.empty(), null)).isEmpty();
  }

  @Test
  @DisplayName("an unlabelled node is labelled first")
  void label() {
    assertThat(steps(claim(BINDING, "[]"), Optional.empty(), null))
        .singleElement()
        .isInstanceOf(BindingStep.LabelNode.class);
  }

  @Test
  @DisplayName("our node, daemon not ready: wait; ready: the binding condition")
  void ready() {
    assertThat(steps(claim(BINDING, "[]"), Optional.of(UID), DomainStatus.NOT_READY)).isEmpty();
    assertThat(steps(claim(BINDING, "[]"), Optional.of(UID), DomainStatus.READY))
        .singleElement()
        .satisfies(s ->
            assertThat(((BindingStep.SetCondition) s).type())
                .isEqualTo(ComputeDomainBinding.READY));
  }

  @Test
  @DisplayName("another domain's node: the failure condition")
  void anotherDomain() {
    assertThat(steps(claim(BINDING, "[]"), Optional.of("uid-2"), DomainStatus.READY))
        .singleElement()
        .satisfies(s ->
            assertThat(((BindingStep.SetCondition) s).type())
                .isEqualTo(ComputeDomainBinding.FAILED));
  }

  @Test
  @DisplayName("once a condition is True, nothing more")
  void decided() {
    String done =
        "[{driver: compute-domain.nvidia.com, pool: node-a, device: channel-0, conditions: [{type: "
            + ComputeDomainBinding.READY
            + ", status: 'True', reason: R, lastTransitionTime: '2026-12-07T00:00:00Z'}]}]";
    assertThat(steps(claim(BINDING, done), Optional.of(UID), DomainStatus.READY)).isEmpty();
  }
}
