package dev.gpudra.migrate.claims;

import java.util.Locale;

/**
 * The names a migration gives: {@code <workload>-<container>-gpu} for a template, {@code
 * <container>-gpu} for the pod's claim entry, the resource's name after {@code nvidia.com/} for a
 * request ({@code gpu}, {@code gpu-shared}, {@code mig-1g-10gb-me}).
 */
public final class ClaimNames {
  /** DNS labels (pod claim and request names) are at most this long. */
  public static final int LABEL_MAX = 63;

  /** DNS subdomains (object names) are at most this long. */
  public static final int SUBDOMAIN_MAX = 253;

  private static final String SUFFIX = "-gpu";

  private ClaimNames() {}

  /** The ResourceClaimTemplate of a workload's container. */
  public static String template(String workload, String container) {
    return workload + "-" + container + SUFFIX;
  }

  /** The pod's claim entry for a container, cut to a DNS label's length. */
  public static String podClaim(String container) {
    String name = container;
    if (name.length() + SUFFIX.length() > LABEL_MAX) {
      name = trimDashes(name.substring(0, LABEL_MAX - SUFFIX.length()));
    }
    return name + SUFFIX;
  }

  /** The request for a resource: what follows {@code nvidia.com/}, as a DNS label. */
  public static String request(String resourceName) {
    String local = resourceName.substring(resourceName.indexOf('/') + 1).toLowerCase(Locale.ROOT);
    String label = trimDashes(local.replaceAll("[^a-z0-9-]+", "-"));
    return label.length() > LABEL_MAX ? trimDashes(label.substring(0, LABEL_MAX)) : label;
  }

  private static String trimDashes(String name) {
    return name.replaceAll("^-+|-+$", "");
  }
}
