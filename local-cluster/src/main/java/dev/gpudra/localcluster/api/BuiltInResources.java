package dev.gpudra.localcluster.api;

import dev.gpudra.localcluster.api.ApiResource.Scope;
import java.util.List;

/**
 * The built-in resources discovery lists: what the local cluster's components and the demo store,
 * and CustomResourceDefinitions. Custom resources are listed while their CRD is stored ({@link
 * CustomResources}).
 */
final class BuiltInResources {
  static final List<ApiResource> ALL =
      List.of(
          core("pods", "Pod", Scope.NAMESPACED, "po"),
          core("nodes", "Node", Scope.CLUSTER, "no"),
          core("namespaces", "Namespace", Scope.CLUSTER, "ns"),
          core("configmaps", "ConfigMap", Scope.NAMESPACED, "cm"),
          new ApiResource("", "v1", "secrets", "Secret", Scope.NAMESPACED, List.of()),
          core("services", "Service", Scope.NAMESPACED, "svc"),
          core("serviceaccounts", "ServiceAccount", Scope.NAMESPACED, "sa"),
          core("events", "Event", Scope.NAMESPACED, "ev"),
          new ApiResource("apps", "v1", "daemonsets", "DaemonSet", Scope.NAMESPACED, List.of("ds")),
          new ApiResource(
              "apps", "v1", "deployments", "Deployment", Scope.NAMESPACED, List.of("deploy")),
          new ApiResource(
              "apps", "v1", "replicasets", "ReplicaSet", Scope.NAMESPACED, List.of("rs")),
          new ApiResource(
              "coordination.k8s.io", "v1", "leases", "Lease", Scope.NAMESPACED, List.of()),
          dra("resourceslices", "ResourceSlice", Scope.CLUSTER),
          dra("resourceclaims", "ResourceClaim", Scope.NAMESPACED),
          dra("resourceclaimtemplates", "ResourceClaimTemplate", Scope.NAMESPACED),
          dra("deviceclasses", "DeviceClass", Scope.CLUSTER),
          dra("devicetaintrules", "DeviceTaintRule", Scope.CLUSTER),
          new ApiResource(
              "apiextensions.k8s.io",
              "v1",
              "customresourcedefinitions",
              "CustomResourceDefinition",
              Scope.CLUSTER,
              List.of("crd", "crds")));

  private BuiltInResources() {}

  private static ApiResource core(String plural, String kind, Scope scope, String shortName) {
    return new ApiResource("", "v1", plural, kind, scope, List.of(shortName));
  }

  private static ApiResource dra(String plural, String kind, Scope scope) {
    return new ApiResource("resource.k8s.io", "v1", plural, kind, scope, List.of());
  }
}
