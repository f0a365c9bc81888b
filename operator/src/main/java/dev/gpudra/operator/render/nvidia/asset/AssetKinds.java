package dev.gpudra.operator.render.nvidia.asset;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.node.v1.RuntimeClass;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBinding;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.api.model.rbac.RoleBinding;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The kinds an operand resource may hold, each with the model class it is read into. */
final class AssetKinds {
  private static final Map<String, Class<? extends HasMetadata>> TYPES =
      List.of(
              ServiceAccount.class,
              Role.class,
              RoleBinding.class,
              ClusterRole.class,
              ClusterRoleBinding.class,
              ConfigMap.class,
              Service.class,
              RuntimeClass.class,
              ResourceClaimTemplate.class,
              DaemonSet.class)
          .stream()
          .collect(Collectors.toUnmodifiableMap(HasMetadata::getKind, Function.identity()));

  private AssetKinds() {}

  /** The model class of {@code kind}; empty for a kind no operand resource may hold. */
  static Optional<Class<? extends HasMetadata>> type(String kind) {
    return Optional.ofNullable(TYPES.get(kind));
  }

  /** The kinds an operand resource may hold, sorted, for errors. */
  static String known() {
    return TYPES.keySet().stream().sorted().collect(Collectors.joining(", "));
  }
}
