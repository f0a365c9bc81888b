package dev.gpudra.deviceclasses.explain;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Turns the user's objects into the claims to explain: a ResourceClaim as it is, a
 * ResourceClaimTemplate as the claim it would generate, and a Pod as each claim it refers to.
 */
final class ClaimSources {
  /** A claim with the label it is reported under. */
  record NamedClaim(String label, ResourceClaim claim) {}

  private final List<HasMetadata> objects;

  ClaimSources(List<HasMetadata> objects) {
    this.objects = objects;
  }

  List<NamedClaim> claims() {
    List<NamedClaim> claims = new ArrayList<>();
    for (HasMetadata object : objects) {
      switch (object) {
        case ResourceClaim c -> claims.add(new NamedClaim("ResourceClaim " + name(c), c));
        case ResourceClaimTemplate t ->
            claims.add(new NamedClaim("ResourceClaimTemplate " + name(t), fromTemplate(t)));
        case Pod p -> claims.addAll(fromPod(p));
        default -> {}
      }
    }
    return claims;
  }

  private List<NamedClaim> fromPod(Pod pod) {
    List<NamedClaim> claims = new ArrayList<>();
    for (PodResourceClaim ref : pod.getSpec().getResourceClaims()) {
      String label = "Pod " + name(pod) + " claim " + ref.getName();
      if (ref.getResourceClaimName() != null) {
        claims.add(
            new NamedClaim(
                label,
                find(ResourceClaim.class, ref.getResourceClaimName())
                    .orElseThrow(
                        () -> missing(label, "ResourceClaim", ref.getResourceClaimName()))));
      } else if (ref.getResourceClaimTemplateName() != null) {
        String template = ref.getResourceClaimTemplateName();
        claims.add(
            new NamedClaim(
                label,
                fromTemplate(
                    find(ResourceClaimTemplate.class, template)
                        .orElseThrow(() -> missing(label, "ResourceClaimTemplate", template)))));
      }
    }
    return claims;
  }

  private <T extends HasMetadata> Optional<T> find(Class<T> type, String name) {
    return objects.stream()
        .filter(type::isInstance)
        .map(type::cast)
        .filter(o -> name.equals(o.getMetadata().getName()))
        .findFirst();
  }

  private static ResourceClaim fromTemplate(ResourceClaimTemplate template) {
    return new ResourceClaimBuilder()
        .withNewMetadata()
        .withName(template.getMetadata().getName())
        .withNamespace(template.getMetadata().getNamespace())
        .endMetadata()
        .withSpec(template.getSpec().getSpec())
        .build();
  }

  private static IllegalArgumentException missing(String label, String kind, String name) {
    return new IllegalArgumentException(
        label + ": refers to " + kind + " " + name + ", which is not among the given objects");
  }

  private static String name(HasMetadata o) {
    String ns = o.getMetadata().getNamespace();
    return (ns == null ? "" : ns + "/") + o.getMetadata().getName();
  }
}
