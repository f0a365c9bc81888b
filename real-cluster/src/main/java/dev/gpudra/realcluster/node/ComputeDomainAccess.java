package dev.gpudra.realcluster.node;

import dev.gpudra.api.computedomain.ComputeDomainCrds;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import io.fabric8.kubernetes.api.model.rbac.PolicyRuleBuilder;
import io.fabric8.kubernetes.api.model.rbac.RoleBindingBuilder;
import io.fabric8.kubernetes.api.model.rbac.RoleBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;

/**
 * What our chart installs for ComputeDomains besides its processes: the ComputeDomain and clique
 * CRDs, the driver's namespace, and the IMEX daemons' account with their Role (their clique, their
 * own pod's label), as {@code rbac-compute-domains.yaml} grants it. The controller and the plugin
 * run with the cluster's admin credentials; the daemons run in pods, as their account.
 */
final class ComputeDomainAccess {
  /** NVIDIA's fixed name of the daemons' account, which the controller's DaemonSets name. */
  static final String DAEMON_ACCOUNT = "compute-domain-daemon-service-account";

  private static final String ROLE = "compute-domain-daemon-role";

  private ComputeDomainAccess() {}

  /** Creates whatever of it is missing; the objects go with the control plane. */
  static void install(KubernetesClient client, String namespace) {
    for (var crd : ComputeDomainCrds.all()) {
      var crds = client.apiextensions().v1().customResourceDefinitions();
      if (crds.withName(crd.getMetadata().getName()).get() == null) {
        client.resource(crd).create();
      }
    }
    if (client.namespaces().withName(namespace).get() == null) {
      client
          .resource(
              new NamespaceBuilder().withNewMetadata().withName(namespace).endMetadata().build())
          .create();
    }
    client
        .resource(
            new ServiceAccountBuilder()
                .withNewMetadata()
                .withName(DAEMON_ACCOUNT)
                .withNamespace(namespace)
                .endMetadata()
                .build())
        .serverSideApply();
    client.resource(role(namespace)).serverSideApply();
    client
        .resource(
            new RoleBindingBuilder()
                .withNewMetadata()
                .withName(ROLE)
                .withNamespace(namespace)
                .endMetadata()
                .addNewSubject()
                .withKind("ServiceAccount")
                .withName(DAEMON_ACCOUNT)
                .withNamespace(namespace)
                .endSubject()
                .withNewRoleRef()
                .withApiGroup("rbac.authorization.k8s.io")
                .withKind("Role")
                .withName(ROLE)
                .endRoleRef()
                .build())
        .serverSideApply();
  }

  private static io.fabric8.kubernetes.api.model.rbac.Role role(String namespace) {
    return new RoleBuilder()
        .withNewMetadata()
        .withName(ROLE)
        .withNamespace(namespace)
        .endMetadata()
        .withRules(
            new PolicyRuleBuilder()
                .withApiGroups("resource.nvidia.com")
                .withResources("computedomaincliques")
                .withVerbs("get", "create", "update")
                .build(),
            new PolicyRuleBuilder()
                .withApiGroups("")
                .withResources("pods")
                .withVerbs("get", "patch")
                .build())
        .build();
  }
}
