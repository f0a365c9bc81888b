package dev.gpudra.localcluster.scheduler;

import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * The claim the resource-claim controller creates for a pod's template entry: named {@code
 * <pod>-<podClaimName>-<suffix>}, owned by the pod, with the template's labels, annotations and
 * spec. The suffix is derived from the pod UID and the entry, so a retry creates the same name.
 */
public final class TemplateClaims {
  private static final String ALPHABET = "bcdfghjklmnpqrstvwxz2456789";

  private TemplateClaims() {}

  public static ResourceClaim claimFor(
      Pod pod, String podClaimName, ResourceClaimTemplate template) {
    var meta = pod.getMetadata();
    var templateMeta = template.getSpec().getMetadata();
    return new ResourceClaimBuilder()
        .withMetadata(
            new ObjectMetaBuilder()
                .withName(claimName(pod, podClaimName))
                .withNamespace(meta.getNamespace())
                .withLabels(templateMeta == null ? null : templateMeta.getLabels())
                .withAnnotations(templateMeta == null ? null : templateMeta.getAnnotations())
                .addToAnnotations("resource.kubernetes.io/pod-claim-name", podClaimName)
                .withOwnerReferences(
                    new OwnerReferenceBuilder()
                        .withApiVersion("v1")
                        .withKind("Pod")
                        .withName(meta.getName())
                        .withUid(meta.getUid())
                        .withController(true)
                        .withBlockOwnerDeletion(true)
                        .build())
                .build())
        .withSpec(template.getSpec().getSpec())
        .build();
  }

  /** {@code <pod>-<podClaimName>-<5 characters>}, as the controller's generateName gives. */
  public static String claimName(Pod pod, String podClaimName) {
    String seed = pod.getMetadata().getUid() + "/" + podClaimName;
    UUID hash = UUID.nameUUIDFromBytes(seed.getBytes(StandardCharsets.UTF_8));
    long bits = hash.getMostSignificantBits() & Long.MAX_VALUE;
    StringBuilder suffix = new StringBuilder();
    for (int i = 0; i < 5; i++) {
      suffix.append(ALPHABET.charAt((int) (bits % ALPHABET.length())));
      bits /= ALPHABET.length();
    }
    return pod.getMetadata().getName() + "-" + podClaimName + "-" + suffix;
  }

  /** True when the claim was generated for this pod (the kubelet checks the same ownership). */
  public static boolean ownedBy(ResourceClaim claim, String podUid) {
    var owners = claim.getMetadata().getOwnerReferences();
    return owners != null
        && owners.stream().anyMatch(o -> "Pod".equals(o.getKind()) && podUid.equals(o.getUid()));
  }
}
