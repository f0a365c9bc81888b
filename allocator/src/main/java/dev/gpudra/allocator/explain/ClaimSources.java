package dev.gpudra.allocator.explain;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodResourceClaim;
import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Turns the user's objects into the claims to explain: a ResourceClaim as it is, a
 * ResourceClaimTemplate as the claim it would generate (v1beta1 and v1beta2 ones converted to v1
 * first), and a Pod or workload as each claim its pods refer to (in their own namespace) plus the
 * claim generated for their extended resources.
 */
final class ClaimSources {
  private final List<HasMetadata> objects;
  private final ExtendedResources extended;

  ClaimSources(List<HasMetadata> objects, Map<String, DeviceClass> classes) {
    V1Claims v1 = new V1Claims();
    this.objects = objects.stream().map(v1::toV1).toList();
    this.extended = new ExtendedResources(classes);
  }

  List<ClaimToExplain> claims() {
    List<ClaimToExplain> claims = new ArrayList<>();
    for (HasMetadata object : objects) {
      switch (object) {
        case ResourceClaim c -> claims.add(alone(ObjectRef.of(c), c));
        case ResourceClaimTemplate t -> claims.add(alone(ObjectRef.of(t), fromTemplate(t, "")));
        default -> PodSource.of(object).ifPresent(p -> claims.addAll(fromPods(p)));
      }
    }
    return claims;
  }

  private static ClaimToExplain alone(ObjectRef ref, ResourceClaim claim) {
    return new ClaimToExplain(ref.toString(), claim, ref.effectiveNamespace(), List.of());
  }

  private List<ClaimToExplain> fromPods(PodSource pods) {
    List<Toleration> tolerations =
        Objects.requireNonNullElse(pods.spec().getTolerations(), List.of());
    List<ClaimToExplain> claims = new ArrayList<>();
    for (PodResourceClaim ref :
        Objects.requireNonNullElse(pods.spec().getResourceClaims(), List.<PodResourceClaim>of())) {
      String label = pods.owner() + " claim " + ref.getName();
      resolve(pods, label, ref)
          .ifPresent(c -> claims.add(new ClaimToExplain(label, c, pods.namespace(), tolerations)));
    }
    extended
        .claimFor(pods)
        .ifPresent(c ->
            claims.add(
                new ClaimToExplain(
                    pods.owner() + " extended resources", c, pods.namespace(), tolerations)));
    return claims;
  }

  private Optional<ResourceClaim> resolve(PodSource pods, String label, PodResourceClaim ref) {
    if (ref.getResourceClaimName() != null) {
      return Optional.of(
          find(ResourceClaim.class, ref.getResourceClaimName(), pods.namespace())
              .orElseThrow(
                  () -> missing(label, ResourceClaim.class, ref.getResourceClaimName(), pods)));
    }
    String template = ref.getResourceClaimTemplateName();
    if (template == null) {
      return Optional.empty();
    }
    return Optional.of(
        fromTemplate(
            find(ResourceClaimTemplate.class, template, pods.namespace())
                .orElseThrow(() -> missing(label, ResourceClaimTemplate.class, template, pods)),
            pods.owner().name() + "-" + ref.getName()));
  }

  private <T extends HasMetadata> Optional<T> find(Class<T> type, String name, String namespace) {
    return named(type, name)
        .filter(o -> namespace.equals(ObjectRef.of(o).effectiveNamespace()))
        .findFirst();
  }

  private <T extends HasMetadata> Stream<T> named(Class<T> type, String name) {
    return objects.stream()
        .filter(type::isInstance)
        .map(type::cast)
        .filter(o -> name.equals(o.getMetadata().getName()));
  }

  /** The claim a template generates; {@code name} empty keeps the template's name. */
  private static ResourceClaim fromTemplate(ResourceClaimTemplate template, String name) {
    ObjectRef ref = ObjectRef.of(template);
    return new ResourceClaimBuilder()
        .withNewMetadata()
        .withName(name.isEmpty() ? ref.name() : name)
        .withNamespace(ref.effectiveNamespace())
        .endMetadata()
        .withSpec(template.getSpec() == null ? null : template.getSpec().getSpec())
        .build();
  }

  private UnexplainableInputException missing(
      String label, Class<? extends HasMetadata> type, String name, PodSource pods) {
    String elsewhere =
        named(type, name)
            .map(o -> ObjectRef.of(o).effectiveNamespace())
            .findFirst()
            .map(ns ->
                " (namespace " + ns + " has one, but a pod only uses claims of its own namespace)")
            .orElse("");
    return new UnexplainableInputException(
        label
            + ": refers to "
            + type.getSimpleName()
            + " "
            + name
            + " in namespace "
            + pods.namespace()
            + ", which is not among the given objects"
            + elsewhere);
  }
}
