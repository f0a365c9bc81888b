package dev.gpudra.localcluster.api;

import java.util.Set;

/**
 * The built-in resources whose status only the {@code status} subresource writes, as the API
 * server's registry strategies have it: a create stores no status (the strategy resets it), and an
 * update or patch of the object itself keeps the stored status.
 *
 * <p>Only resource.k8s.io/v1 ResourceClaims and DeviceTaintRules, for now: the kube-apiserver
 * resets their status on create and keeps the old one on update, so a client that allocates a claim
 * must create it, then write its status (as the scheduler does). Other built-ins reset status on
 * create too (DaemonSet, Deployment, ReplicaSet; a Pod's becomes {@code Pending}), but this server
 * still stores what is sent for them. A Node keeps the status it is created with. Custom resources
 * whose CRD declares the status subresource follow it already (fabric8's CRD processor).
 */
final class StatusSubresources {
  private static final Set<String> GROUP_VERSION_PLURALS =
      Set.of("resource.k8s.io/v1/resourceclaims", "resource.k8s.io/v1/devicetaintrules");

  private StatusSubresources() {}

  /** Whether a write to {@code path} (query allowed) keeps status out of the object itself. */
  static boolean covers(String path) {
    int query = path.indexOf('?');
    String bare = query < 0 ? path : path.substring(0, query);
    return ResourcePath.parse(bare)
        .map(r -> GROUP_VERSION_PLURALS.contains(r.groupVersion() + "/" + r.plural()))
        .orElse(false);
  }
}
