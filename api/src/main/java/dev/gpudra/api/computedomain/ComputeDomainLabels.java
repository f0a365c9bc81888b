package dev.gpudra.api.computedomain;

/**
 * The labels and finalizer NVIDIA's controller, plugin and daemons put on the objects of a domain;
 * users' tooling selects by them, so they are exactly NVIDIA's.
 */
public final class ComputeDomainLabels {
  /**
   * On nodes (their channel claim's domain), daemon pods, the DaemonSet and both templates: the
   * domain's UID.
   */
  public static final String DOMAIN = "resource.nvidia.com/computeDomain";

  /** On the templates: {@code Daemon} or {@code Workload}. */
  public static final String TARGET = "resource.nvidia.com/computeDomainTarget";

  /** On daemon pods and cliques: the clique ID (empty on a node off the fabric). */
  public static final String CLIQUE = "resource.nvidia.com/computeDomain.cliqueID";

  /** The finalizer on the domain, its DaemonSet and its templates. */
  public static final String FINALIZER = "resource.nvidia.com/computeDomain";

  public static final String TARGET_DAEMON = "Daemon";
  public static final String TARGET_WORKLOAD = "Workload";

  private ComputeDomainLabels() {}
}
