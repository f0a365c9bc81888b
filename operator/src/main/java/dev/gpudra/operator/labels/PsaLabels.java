package dev.gpudra.operator.labels;

import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The labels the operator's namespace needs: NVIDIA's Pod Security Admission labels ({@code
 * spec.psa.enabled}: enforce, audit and warn at {@code privileged}, which its operands need: host
 * paths, privileged containers; without it these labels are the admin's and left alone), and, while
 * the DRA driver runs, {@code resource.kubernetes.io/admin-access=true}, which the API server
 * requires of a namespace whose claims ask for admin access (the DRA validator's, as NVIDIA's
 * GPUCluster sets it).
 */
public final class PsaLabels {
  private static final String PREFIX = "pod-security.kubernetes.io/";

  /** The namespace label that allows admin-access ResourceClaims in it. */
  public static final String ADMIN_ACCESS = "resource.kubernetes.io/admin-access";

  private PsaLabels() {}

  /** The labels the namespace lacks (or has otherwise) that the policy wants; empty if none. */
  public static Map<String, String> missing(ClusterPolicySpec spec, Map<String, String> current) {
    Map<String, String> wanted = new LinkedHashMap<>();
    if (spec.draDriver() != null && !"true".equals(current.get(ADMIN_ACCESS))) {
      wanted.put(ADMIN_ACCESS, "true");
    }
    if (spec.psa() == null || !spec.psa().enabledOrDefault()) {
      return wanted;
    }
    for (String mode : new String[] {"enforce", "audit", "warn"}) {
      if (!"privileged".equals(current.get(PREFIX + mode))) {
        wanted.put(PREFIX + mode, "privileged");
      }
    }
    return wanted;
  }
}
