package dev.gpudra.testsupport.devicemanager;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The kubelet's check of a registering plugin's resource name: an extended resource name is {@code
 * <domain>/<name>} outside the {@code kubernetes.io} domains, not starting with {@code requests.},
 * and a qualified name once quota's {@code requests.} prefix is put in front. Pure.
 */
final class ExtendedResourceName {
  private static final Pattern SUBDOMAIN =
      Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?");
  private static final String QUOTA_PREFIX = "requests.";

  private ExtendedResourceName() {}

  /** Why {@code name} is not an extended resource name; empty when it is one. */
  static Optional<String> problem(String name) {
    int slash = name.indexOf('/');
    if (slash < 0) {
      return Optional.of("has no domain: a native resource name");
    }
    if (name.contains("kubernetes.io/")) {
      return Optional.of("is in a kubernetes.io domain: a native resource name");
    }
    if (name.startsWith(QUOTA_PREFIX)) {
      return Optional.of("starts with " + QUOTA_PREFIX);
    }
    String prefix = QUOTA_PREFIX + name.substring(0, slash);
    String local = name.substring(slash + 1);
    if (prefix.length() > 253 || !SUBDOMAIN.matcher(prefix).matches()) {
      return Optional.of("has a domain that is not a DNS subdomain");
    }
    if (local.length() > 63 || !NAME.matcher(local).matches()) {
      return Optional.of("has a name part that is not a qualified name");
    }
    return Optional.empty();
  }
}
