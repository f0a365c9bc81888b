package dev.gpudra.operator.labels;

import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * NVIDIA's Pod Security Admission labels ({@code spec.psa.enabled}): the operator's namespace
 * enforces, audits and warns at {@code privileged}, which its operands need (host paths, privileged
 * containers). Without {@code psa.enabled} the namespace's labels are the admin's and left alone.
 */
public final class PsaLabels {
  private static final String PREFIX = "pod-security.kubernetes.io/";

  private PsaLabels() {}

  /** The labels the namespace lacks (or has otherwise) that the policy wants; empty if none. */
  public static Map<String, String> missing(ClusterPolicySpec spec, Map<String, String> current) {
    Map<String, String> wanted = new LinkedHashMap<>();
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
