package dev.gpudra.e2e;

import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.List;

/** Creates CustomResourceDefinitions and waits until the API server serves each. */
final class CrdInstall {
  private CrdInstall() {}

  static void install(KubernetesClient client, List<CustomResourceDefinition> crds) {
    for (CustomResourceDefinition crd : crds) {
      client.resource(crd).create();
      String name = crd.getMetadata().getName();
      await().atMost(Duration.ofSeconds(30)).until(() -> established(client, name));
    }
  }

  private static boolean established(KubernetesClient client, String name) {
    CustomResourceDefinition crd =
        client.apiextensions().v1().customResourceDefinitions().withName(name).get();
    // 1.37 may answer with a status that has no conditions yet
    return crd.getStatus() != null
        && crd.getStatus().getConditions() != null
        && crd.getStatus().getConditions().stream()
            .anyMatch(c -> "Established".equals(c.getType()) && "True".equals(c.getStatus()));
  }
}
