package dev.gpudra.operator.render;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.Role;
import java.io.IOException;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class OperandRbacTest {
  private static OperandContext context(String yaml) throws IOException {
    return new OperandContext(
        "gpu-operator",
        new ObjectMapper(new YAMLFactory()).readValue(yaml, ClusterPolicySpec.class),
        "gpu-dra:1");
  }

  private static Stream<String> verbs(List<HasMetadata> objects) {
    return objects.stream()
        .flatMap(o ->
            o instanceof ClusterRole c
                ? c.getRules().stream()
                : o instanceof Role r ? r.getRules().stream() : Stream.empty())
        .flatMap(r -> r.getVerbs().stream());
  }

  @Test
  @DisplayName("every operand gets its own account and no wildcard")
  void everyOperandGetsItsOwnAccountAndNoWildcard() throws IOException {
    OperandContext context = context("draDriver:\n  featureGates: {MPSSupport: true}\n");
    List<HasMetadata> plugin = OperandRbac.devicePlugin(context);
    List<HasMetadata> dra = OperandRbac.draKubeletPlugin(context);
    List<HasMetadata> domains = ComputeDomainRbac.of(context);

    assertThat(plugin)
        .extracting(HasMetadata::getKind, o -> o.getMetadata().getName())
        .contains(
            org.assertj.core.groups.Tuple.tuple(
                "ServiceAccount", "nvidia-device-plugin-daemonset"));
    assertThat(dra)
        .extracting(o -> o.getMetadata().getName())
        .contains(
            "nvidia-dra-driver-kubelet-plugin",
            "nvidia-dra-driver-kubelet-plugin-cliques",
            "nvidia-dra-driver-kubelet-plugin-mps");
    assertThat(domains)
        .extracting(HasMetadata::getKind, o -> o.getMetadata().getName())
        .contains(
            org.assertj.core.groups.Tuple.tuple("ServiceAccount", "nvidia-dra-driver-controller"),
            org.assertj.core.groups.Tuple.tuple("ClusterRole", "nvidia-dra-driver-controller"),
            org.assertj.core.groups.Tuple.tuple("Role", "nvidia-dra-driver-controller"),
            org.assertj.core.groups.Tuple.tuple(
                "ServiceAccount", "compute-domain-daemon-service-account"),
            org.assertj.core.groups.Tuple.tuple("RoleBinding", "compute-domain-daemon-role"));
    assertThat(Stream.of(verbs(plugin), verbs(dra), verbs(domains)).flatMap(v -> v))
        .doesNotContain("*");
  }

  @Test
  @DisplayName("without compute domains, nodes are only read and there is no clique role")
  void withoutComputeDomainsTheNodeIsOnlyReadAndNoCliqueRole() throws IOException {
    List<HasMetadata> dra =
        OperandRbac.draKubeletPlugin(context("draDriver:\n  computeDomains: {enabled: false}\n"));

    assertThat(dra)
        .extracting(o -> o.getMetadata().getName())
        .doesNotContain("nvidia-dra-driver-kubelet-plugin-cliques");
    ClusterRole role =
        dra.stream()
            .filter(ClusterRole.class::isInstance)
            .map(ClusterRole.class::cast)
            .findFirst()
            .orElseThrow();
    assertThat(role.getRules())
        .filteredOn(r -> r.getResources().contains("nodes"))
        .singleElement()
        .satisfies(r -> assertThat(r.getVerbs()).containsExactly("get"));
  }

  @Test
  @DisplayName(
      "ClaimDeviceStatus adds status writes and the per-driver check on the plugin's node, only"
          + " with the gate")
  void claimDeviceStatus() throws IOException {
    ClusterRole on =
        clusterRole(
            OperandRbac.draKubeletPlugin(
                context("draDriver:\n  featureGates: {ClaimDeviceStatus: true}\n")));
    ClusterRole off = clusterRole(OperandRbac.draKubeletPlugin(context("draDriver: {}\n")));

    assertThat(on.getRules())
        .anySatisfy(r -> {
          assertThat(r.getResources()).containsExactly("resourceclaims/status");
          assertThat(r.getVerbs()).containsExactly("update", "patch");
        })
        .anySatisfy(r -> {
          assertThat(r.getResources()).containsExactly("resourceclaims/driver");
          assertThat(r.getResourceNames())
              .containsExactly("gpu.nvidia.com", "compute-domain.nvidia.com");
          assertThat(r.getVerbs())
              .containsExactly("associated-node:update", "associated-node:patch");
        });
    assertThat(off.getRules())
        .flatExtracting(r -> r.getResources())
        .doesNotContain("resourceclaims/status", "resourceclaims/driver");
  }

  private static ClusterRole clusterRole(List<HasMetadata> objects) {
    return objects.stream()
        .filter(ClusterRole.class::isInstance)
        .map(ClusterRole.class::cast)
        .findFirst()
        .orElseThrow();
  }

  @Test
  @DisplayName(
      "ComputeDomainBindingConditions lets the controller write a channel's status.devices for a"
          + " claim on any node, for its driver only; without it, nothing of the kind")
  void bindingConditionsGrantTheControllerClaimStatus() throws IOException {
    List<HasMetadata> on =
        ComputeDomainRbac.of(
            context("draDriver:\n  featureGates: {ComputeDomainBindingConditions: true}\n"));
    List<HasMetadata> off = ComputeDomainRbac.of(context("draDriver: {}\n"));

    assertThat(verbs(on)).contains("arbitrary-node:update", "arbitrary-node:patch");
    assertThat(
            on.stream()
                .filter(ClusterRole.class::isInstance)
                .map(ClusterRole.class::cast)
                .flatMap(r -> r.getRules().stream())
                .filter(r -> r.getResources().contains("resourceclaims/driver")))
        .singleElement()
        .satisfies(
            r -> assertThat(r.getResourceNames()).containsExactly("compute-domain.nvidia.com"));
    assertThat(verbs(off)).doesNotContain("arbitrary-node:update", "arbitrary-node:patch");
  }
}
