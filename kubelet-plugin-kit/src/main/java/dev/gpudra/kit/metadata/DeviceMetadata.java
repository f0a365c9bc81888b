package dev.gpudra.kit.metadata;

import dev.gpudra.kit.ClaimRef;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What one metadata file says: a claim, one of its requests and that request's devices.
 *
 * @param claim the claim's namespace, name and UID ({@code metadata})
 * @param podClaimName the pod's name for a claim made from a template (annotation {@code
 *     resource.kubernetes.io/pod-claim-name}), else empty
 * @param generation {@code metadata.generation}: 1 when a prepare writes the file
 * @param request the allocation's request, {@code <request>/<subrequest>} for a subrequest
 * @param devices the request's devices, in allocation order
 */
public record DeviceMetadata(
    ClaimRef claim,
    Optional<String> podClaimName,
    long generation,
    String request,
    List<MetadataDevice> devices) {
  /** What a prepare writes; the kubelet plugin helper's rule. */
  public static final long PREPARED_GENERATION = 1;

  public DeviceMetadata {
    Objects.requireNonNull(claim, "claim");
    Objects.requireNonNull(podClaimName, "podClaimName");
    Objects.requireNonNull(request, "request");
    devices = List.copyOf(devices);
    if (generation < 1) {
      throw new IllegalArgumentException("metadata.generation must be at least 1: " + generation);
    }
  }

  /** The request as the file path names it: without {@code /<subrequest>}. */
  public String baseRequest() {
    int slash = request.indexOf('/');
    return slash < 0 ? request : request.substring(0, slash);
  }
}
