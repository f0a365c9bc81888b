package dev.gpudra.localcluster.validation;

import io.fabric8.kubernetes.api.model.ObjectMeta;
import java.util.List;

/** {@code metadata.name} rules shared by the DRA kinds (all DNS subdomains). */
final class ObjectNames {
  private ObjectNames() {}

  static List<FieldError> dnsSubdomain(ObjectMeta metadata) {
    FieldPath path = FieldPath.of("metadata").child("name");
    if (metadata == null || metadata.getName() == null || metadata.getName().isEmpty()) {
      return List.of(FieldError.required(path, "name or generateName is required"));
    }
    return NameRules.dnsSubdomain(metadata.getName(), path);
  }
}
