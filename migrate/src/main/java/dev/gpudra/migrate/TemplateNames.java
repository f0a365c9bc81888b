package dev.gpudra.migrate;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The ResourceClaimTemplates a migration has generated so far, by namespace and name, so that two
 * workloads never get the same one. A document works on a {@link #copy()}, kept only if it is
 * translated.
 */
final class TemplateNames {
  private final Map<String, String> owners;

  TemplateNames() {
    this(new HashMap<>());
  }

  private TemplateNames(Map<String, String> owners) {
    this.owners = owners;
  }

  TemplateNames copy() {
    return new TemplateNames(new HashMap<>(owners));
  }

  /** The object that took the name already, if one did. */
  Optional<String> owner(Optional<String> namespace, String name) {
    return Optional.ofNullable(owners.get(key(namespace, name)));
  }

  void take(Optional<String> namespace, String name, String owner) {
    owners.put(key(namespace, name), owner);
  }

  private static String key(Optional<String> namespace, String name) {
    return namespace.orElse("") + "/" + name;
  }
}
