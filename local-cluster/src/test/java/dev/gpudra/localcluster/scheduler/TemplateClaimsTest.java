package dev.gpudra.localcluster.scheduler;

import static dev.gpudra.localcluster.scheduler.Fixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplateBuilder;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class TemplateClaimsTest {
  private static final ResourceClaimTemplate TEMPLATE =
      new ResourceClaimTemplateBuilder()
          .withNewMetadata()
          .withName("one-gpu")
          .endMetadata()
          .withNewSpec()
          .withNewMetadata()
          .addToLabels("team", "ml")
          .endMetadata()
          .withSpec(Fixtures.claim("x", 1, false).getSpec())
          .endSpec()
          .build();

  @Test
  @DisplayName(
      "a template claim is <pod>-<claim>-<suffix>, owned by the pod, with the template's spec")
  void claimFromTemplate() {
    ResourceClaim claim = TemplateClaims.claimFor(pod("trainer"), "gpu", TEMPLATE);
    assertThat(claim.getMetadata().getName()).matches("trainer-gpu-[a-z0-9]{5}");
    assertThat(claim.getMetadata().getNamespace()).isEqualTo("ns");
    assertThat(claim.getMetadata().getLabels()).containsEntry("team", "ml");
    assertThat(claim.getMetadata().getOwnerReferences())
        .singleElement()
        .satisfies(o -> {
          assertThat(o.getKind()).isEqualTo("Pod");
          assertThat(o.getUid()).isEqualTo("pod-uid-trainer");
          assertThat(o.getController()).isTrue();
        });
    assertThat(claim.getSpec()).isEqualTo(TEMPLATE.getSpec().getSpec());
    assertThat(TemplateClaims.ownedBy(claim, "pod-uid-trainer")).isTrue();
  }

  @Test
  @DisplayName(
      "the suffix is stable for a pod and differs between pods, so retries create nothing twice")
  void stableSuffix() {
    assertThat(TemplateClaims.claimName(pod("a"), "gpu"))
        .isEqualTo(TemplateClaims.claimName(pod("a"), "gpu"));
    Pod other =
        new PodBuilder(pod("a")).editMetadata().withUid("another-uid").endMetadata().build();
    assertThat(TemplateClaims.claimName(other, "gpu"))
        .isNotEqualTo(TemplateClaims.claimName(pod("a"), "gpu"));
  }

  @Test
  @DisplayName("a pod's template entries take their claim names from status.resourceClaimStatuses")
  void podClaimsResolveFromStatus() {
    Pod pod =
        new PodBuilder(pod("p"))
            .editSpec()
            .addNewResourceClaim()
            .withName("gpu")
            .withResourceClaimTemplateName("one-gpu")
            .endResourceClaim()
            .addNewResourceClaim()
            .withName("shared")
            .withResourceClaimName("shared-gpu")
            .endResourceClaim()
            .endSpec()
            .build();
    assertThat(PodClaim.of(pod))
        .containsExactly(
            new PodClaim("gpu", Optional.empty(), Optional.of("one-gpu")),
            new PodClaim("shared", Optional.of("shared-gpu"), Optional.empty()));
    Pod created =
        new PodBuilder(pod)
            .withNewStatus()
            .addNewResourceClaimStatus("gpu", "p-gpu-abcde")
            .endStatus()
            .build();
    assertThat(PodClaim.of(created).get(0).claimName()).contains("p-gpu-abcde");
  }
}
