package dev.gpudra.operator.render;

import dev.gpudra.api.clusterpolicy.DraComputeDomainsSpec;
import dev.gpudra.api.clusterpolicy.DraDriverSpec;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBindingBuilder;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBuilder;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.api.model.rbac.PolicyRuleBuilder;
import io.fabric8.kubernetes.api.model.rbac.RoleBindingBuilder;
import io.fabric8.kubernetes.api.model.rbac.RoleBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The ServiceAccount and least-privilege roles of gpu-dra's operands, named after their DaemonSets:
 * the device plugin reads nodes (its node's config label); the DRA kubelet plugins read claims,
 * write their node's ResourceSlices, read (and, with ComputeDomains, label) their node, and write
 * Events; with ComputeDomains they read domains and, in the namespace, cliques; with {@code
 * MPSSupport} they run MPS daemon Deployments in the namespace; with {@code ClaimDeviceStatus} they
 * write their claims' {@code status.devices}.
 */
public final class OperandRbac {
  private OperandRbac() {}

  public static List<HasMetadata> devicePlugin(OperandContext context) {
    String name = DevicePluginDaemonSet.NAME;
    return List.of(
        serviceAccount(context, name),
        clusterRole(name, List.of(rule("", "nodes", "get", "list", "watch"))),
        clusterRoleBinding(context, name));
  }

  public static List<HasMetadata> draKubeletPlugin(OperandContext context) {
    String name = DraKubeletPluginDaemonSet.NAME;
    DraDriverSpec dra = context.spec().draDriver();
    boolean domains =
        Optional.ofNullable(dra.computeDomains())
            .map(DraComputeDomainsSpec::enabledOrDefault)
            .orElse(true);
    List<PolicyRule> rules = new ArrayList<>();
    rules.add(rule("resource.k8s.io", "resourceclaims", "get", "list", "watch"));
    rules.add(fullAccess("resource.k8s.io", "resourceslices"));
    rules.add(domains ? rule("", "nodes", "get", "update") : rule("", "nodes", "get"));
    if (domains) {
      rules.add(rule("resource.nvidia.com", "computedomains", "get", "list"));
    }
    rules.add(rule("", "events", "create"));
    if (gate(dra, "ClaimDeviceStatus")) {
      rules.addAll(claimStatus());
    }
    List<HasMetadata> objects = new ArrayList<>();
    objects.add(serviceAccount(context, name));
    objects.add(clusterRole(name, rules));
    objects.add(clusterRoleBinding(context, name));
    if (domains) {
      objects.addAll(
          role(
              context,
              name,
              name + "-cliques",
              rule("resource.nvidia.com", "computedomaincliques", "get")));
    }
    if (gate(dra, "MPSSupport")) {
      objects.addAll(
          role(
              context,
              name,
              name + "-mps",
              fullAccess("apps", "deployments"),
              rule("", "pods", "get", "list", "watch")));
    }
    return objects;
  }

  static boolean gate(DraDriverSpec dra, String key) {
    return Boolean.TRUE.equals(
        Optional.ofNullable(dra.featureGates()).map(g -> g.get(key)).orElse(false));
  }

  /**
   * ClaimDeviceStatus: {@code status.devices} through {@code /status}, and (from Kubernetes 1.36)
   * the per-driver check on {@code resourceclaims/driver} for claims on the plugin's own node.
   */
  private static List<PolicyRule> claimStatus() {
    return List.of(
        rule("resource.k8s.io", "resourceclaims/status", "update", "patch"),
        new PolicyRuleBuilder()
            .withApiGroups("resource.k8s.io")
            .withResources("resourceclaims/driver")
            .withResourceNames("gpu.nvidia.com", "compute-domain.nvidia.com")
            .withVerbs("associated-node:update", "associated-node:patch")
            .build());
  }

  public static HasMetadata serviceAccount(OperandContext context, String name) {
    return new ServiceAccountBuilder()
        .withNewMetadata()
        .withName(name)
        .withNamespace(context.namespace())
        .endMetadata()
        .build();
  }

  public static HasMetadata clusterRole(String name, List<PolicyRule> rules) {
    return new ClusterRoleBuilder()
        .withNewMetadata()
        .withName(name)
        .endMetadata()
        .withRules(rules)
        .build();
  }

  public static HasMetadata clusterRoleBinding(OperandContext context, String name) {
    return new ClusterRoleBindingBuilder()
        .withNewMetadata()
        .withName(name)
        .endMetadata()
        .addNewSubject()
        .withKind("ServiceAccount")
        .withName(name)
        .withNamespace(context.namespace())
        .endSubject()
        .withNewRoleRef()
        .withApiGroup("rbac.authorization.k8s.io")
        .withKind("ClusterRole")
        .withName(name)
        .endRoleRef()
        .build();
  }

  /** A Role in the operator's namespace and its binding to {@code account}. */
  public static List<HasMetadata> role(
      OperandContext context, String account, String name, PolicyRule... rules) {
    return List.of(
        new RoleBuilder()
            .withNewMetadata()
            .withName(name)
            .withNamespace(context.namespace())
            .endMetadata()
            .withRules(rules)
            .build(),
        new RoleBindingBuilder()
            .withNewMetadata()
            .withName(name)
            .withNamespace(context.namespace())
            .endMetadata()
            .addNewSubject()
            .withKind("ServiceAccount")
            .withName(account)
            .withNamespace(context.namespace())
            .endSubject()
            .withNewRoleRef()
            .withApiGroup("rbac.authorization.k8s.io")
            .withKind("Role")
            .withName(name)
            .endRoleRef()
            .build());
  }

  /** Every verb on {@code resource}, spelled out (no wildcard). */
  public static PolicyRule fullAccess(String group, String resource) {
    return rule(group, resource, "get", "list", "watch", "create", "update", "patch", "delete");
  }

  public static PolicyRule rule(String group, String resource, String... verbs) {
    return new PolicyRuleBuilder()
        .withApiGroups(group)
        .withResources(resource)
        .withVerbs(verbs)
        .build();
  }
}
