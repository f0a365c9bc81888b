package dev.gpudra.localcluster.api;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * A path the API server serves objects under: {@code /api/v1} or {@code /apis/<group>/<version>},
 * then an optional {@code namespaces/<namespace>}, the resource's plural, an optional name and an
 * optional {@code status} subresource. (A namespace's own status is {@code
 * /api/v1/namespaces/<name>/status}.)
 *
 * @param groupVersion {@code v1} for the core group, else {@code group/version}
 * @param plural the resource
 * @param name the object's name; empty for a collection
 */
record ResourcePath(String groupVersion, String plural, String name) {
  private static final String STATUS = "status";

  /** The resource {@code bare} (a path without query) names, if it is a resource path. */
  static Optional<ResourcePath> parse(String bare) {
    List<String> segments = Arrays.stream(bare.split("/")).filter(s -> !s.isEmpty()).toList();
    if (segments.size() >= 3 && segments.get(0).equals("api") && segments.get(1).equals("v1")) {
      return rest("v1", segments.subList(2, segments.size()));
    }
    if (segments.size() >= 4 && segments.get(0).equals("apis")) {
      return rest(segments.get(1) + "/" + segments.get(2), segments.subList(3, segments.size()));
    }
    return Optional.empty();
  }

  private static Optional<ResourcePath> rest(String groupVersion, List<String> rest) {
    if (rest.getFirst().equals("namespaces")
        && rest.size() == 3
        && rest.get(2).equals(STATUS)
        && groupVersion.equals("v1")) {
      return Optional.of(new ResourcePath(groupVersion, "namespaces", rest.get(1)));
    }
    List<String> resource =
        rest.getFirst().equals("namespaces") && rest.size() >= 3
            ? rest.subList(2, rest.size())
            : rest;
    boolean servedTail =
        resource.size() <= 2 || (resource.size() == 3 && resource.get(2).equals(STATUS));
    return servedTail
        ? Optional.of(
            new ResourcePath(
                groupVersion, resource.getFirst(), resource.size() > 1 ? resource.get(1) : ""))
        : Optional.empty();
  }
}
