package dev.gpudra.localcluster.api;

import java.util.List;
import java.util.Objects;

/**
 * One resource the local API server serves, as discovery lists it.
 *
 * @param group the API group; empty for the core group
 * @param version its version
 * @param plural the resource's name in paths
 * @param kind its kind
 * @param scope whether its objects live in a namespace
 * @param shortNames kubectl's short names
 */
record ApiResource(
    String group,
    String version,
    String plural,
    String kind,
    Scope scope,
    List<String> shortNames) {
  enum Scope {
    NAMESPACED,
    CLUSTER
  }

  ApiResource {
    Objects.requireNonNull(group, "group");
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(plural, "plural");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(scope, "scope");
    shortNames = List.copyOf(shortNames);
  }

  /** {@code v1} for the core group, else {@code group/version}. */
  String groupVersion() {
    return group.isEmpty() ? version : group + "/" + version;
  }
}
