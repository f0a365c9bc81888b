package dev.gpudra.allocator.cluster;

import dev.gpudra.allocator.TaintRule;
import dev.gpudra.allocator.TaintRuleReader;
import io.fabric8.kubernetes.api.model.APIResourceList;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.net.HttpURLConnection;
import java.util.List;
import java.util.Optional;

/**
 * Lists the DeviceTaintRules from the newest resource.k8s.io version the API server serves them in:
 * v1 (Kubernetes 1.37, on by default), v1beta2 (1.36, off by default), v1alpha3 (1.35, off by
 * default). A server that serves none has the feature off: no rules, as its scheduler sees none.
 */
final class TaintRuleSource {
  static final String GROUP = "resource.k8s.io";
  static final List<String> VERSIONS = List.of("v1", "v1beta2", "v1alpha3");
  static final String PLURAL = "devicetaintrules";

  private TaintRuleSource() {}

  static List<TaintRule> list(KubernetesClient client) {
    return servedVersion(client).map(v -> list(client, v)).orElse(List.of());
  }

  /** The first of {@link #VERSIONS} whose discovery document lists devicetaintrules. */
  static Optional<String> servedVersion(KubernetesClient client) {
    return VERSIONS.stream().filter(v -> serves(client, GROUP + "/" + v)).findFirst();
  }

  private static boolean serves(KubernetesClient client, String groupVersion) {
    APIResourceList resources;
    try {
      resources = client.getApiResources(groupVersion);
    } catch (KubernetesClientException e) {
      if (e.getCode() == HttpURLConnection.HTTP_NOT_FOUND) {
        return false;
      }
      throw e;
    }
    return resources != null
        && resources.getResources() != null
        && resources.getResources().stream().anyMatch(r -> PLURAL.equals(r.getName()));
  }

  private static List<TaintRule> list(KubernetesClient client, String version) {
    ResourceDefinitionContext context =
        new ResourceDefinitionContext.Builder()
            .withGroup(GROUP)
            .withVersion(version)
            .withPlural(PLURAL)
            .withKind("DeviceTaintRule")
            .withNamespaced(false)
            .build();
    List<GenericKubernetesResource> items =
        client.genericKubernetesResources(context).list().getItems();
    // list items may come without their type
    items.forEach(i -> {
      i.setApiVersion(GROUP + "/" + version);
      i.setKind("DeviceTaintRule");
    });
    return new TaintRuleReader(TaintRuleReader.Origin.SERVER).among(items);
  }
}
