package dev.gpudra.computedomain.clique;

import java.util.Objects;

/**
 * Who a compute-domain daemon is, from its pod's environment and its claim's CDI edits.
 *
 * @param namespace the driver's namespace (its pod's, POD_NAMESPACE), where cliques are
 * @param domainUid COMPUTE_DOMAIN_UUID
 * @param cliqueId CLIQUE_ID, {@code <cluster UUID>.<clique ID>}
 * @param nodeName NODE_NAME
 * @param podIp POD_IP
 * @param podName POD_NAME
 * @param podUid POD_UID
 */
public record DaemonIdentity(
    String namespace,
    String domainUid,
    String cliqueId,
    String nodeName,
    String podIp,
    String podName,
    String podUid) {
  public DaemonIdentity {
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(domainUid, "domainUid");
    Objects.requireNonNull(cliqueId, "cliqueId");
    Objects.requireNonNull(nodeName, "nodeName");
    Objects.requireNonNull(podIp, "podIp");
    Objects.requireNonNull(podName, "podName");
    Objects.requireNonNull(podUid, "podUid");
  }

  /** The clique object's name, {@code <domain UID>.<clique ID>}. */
  public String cliqueName() {
    return domainUid + "." + cliqueId;
  }
}
