package dev.gpudra.operator.render;

import static dev.gpudra.operator.render.OperandRbac.clusterRole;
import static dev.gpudra.operator.render.OperandRbac.clusterRoleBinding;
import static dev.gpudra.operator.render.OperandRbac.fullAccess;
import static dev.gpudra.operator.render.OperandRbac.role;
import static dev.gpudra.operator.render.OperandRbac.rule;
import static dev.gpudra.operator.render.OperandRbac.serviceAccount;

import io.fabric8.kubernetes.api.model.HasMetadata;
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
    objects.add(
        clusterRole(
            name,
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
                rule("", "nodes", "get", "list", "update", "patch"))));
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
}
