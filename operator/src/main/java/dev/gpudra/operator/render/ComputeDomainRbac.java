package dev.gpudra.operator.render;

import static dev.gpudra.operator.render.OperandRbac.clusterRole;
import static dev.gpudra.operator.render.OperandRbac.clusterRoleBinding;
import static dev.gpudra.operator.render.OperandRbac.fullAccess;
import static dev.gpudra.operator.render.OperandRbac.role;
import static dev.gpudra.operator.render.OperandRbac.rule;
import static dev.gpudra.operator.render.OperandRbac.serviceAccount;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.api.model.rbac.PolicyRuleBuilder;
import java.util.ArrayList;
import java.util.List;

/**
 * The ComputeDomain side's accounts and least-privilege roles: the controller's (across namespaces
 * its domains, their workload claim templates and claims, node labels; in the operator's namespace
 * the daemons' DaemonSets, their pods and cliques) and NVIDIA's fixed {@code
 * compute-domain-daemon-service-account} of the IMEX daemons (their clique, their own pod).
 */
public final class ComputeDomainRbac {
  /** NVIDIA's account of the domains' IMEX daemons. */
  public static final String DAEMON_ACCOUNT = "compute-domain-daemon-service-account";

  private ComputeDomainRbac() {}

  public static List<HasMetadata> of(OperandContext context) {
    String name = ComputeDomainControllerDeployment.NAME;
    List<HasMetadata> objects = new ArrayList<>();
    objects.add(serviceAccount(context, name));
    List<PolicyRule> rules =
        new ArrayList<>(
            List.of(
                rule(
                    "resource.nvidia.com",
                    "computedomains",
                    "get",
                    "list",
                    "watch",
                    "update",
                    "patch"),
                rule("resource.nvidia.com", "computedomains/status", "update", "patch"),
                fullAccess("resource.k8s.io", "resourceclaimtemplates"),
                rule("resource.k8s.io", "resourceclaims", "list", "watch"),
                rule("", "nodes", "get", "list", "update", "patch")));
    if (OperandRbac.gate(context.spec().draDriver(), "ComputeDomainBindingConditions")) {
      rules.addAll(bindingConditions());
    }
    objects.add(clusterRole(name, rules));
    objects.add(clusterRoleBinding(context, name));
    objects.addAll(
        role(
            context,
            name,
            name,
            fullAccess("apps", "daemonsets"),
            rule("", "pods", "list", "watch"),
            rule(
                "resource.nvidia.com",
                "computedomaincliques",
                "list",
                "watch",
                "patch",
                "delete")));
    objects.add(serviceAccount(context, DAEMON_ACCOUNT));
    objects.addAll(
        role(
            context,
            DAEMON_ACCOUNT,
            "compute-domain-daemon-role",
            rule("resource.nvidia.com", "computedomaincliques", "get", "create", "update"),
            rule("", "pods", "get", "patch")));
    return objects;
  }

  /**
   * ComputeDomainBindingConditions: a channel's binding condition in its claim's {@code
   * status.devices}, before the pod is bound (from Kubernetes 1.36 the {@code arbitrary-node} check
   * on {@code resourceclaims/driver}: the controller runs on no node of the claim).
   */
  private static List<PolicyRule> bindingConditions() {
    return List.of(
        rule("resource.k8s.io", "resourceclaims", "get"),
        rule("resource.k8s.io", "resourceclaims/status", "update", "patch"),
        new PolicyRuleBuilder()
            .withApiGroups("resource.k8s.io")
            .withResources("resourceclaims/driver")
            .withResourceNames("compute-domain.nvidia.com")
            .withVerbs("arbitrary-node:update", "arbitrary-node:patch")
            .build());
  }
}
