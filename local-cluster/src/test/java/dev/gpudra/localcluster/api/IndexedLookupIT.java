package dev.gpudra.localcluster.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The name index behind every write: objects that share a name (in other namespaces, of other
 * kinds) stay apart through create, update, patch, delete and re-create, as with fabric8's scan.
 */
class IndexedLookupIT {
  private static ConfigMap configMap(String namespace, String name, String value) {
    return new ConfigMapBuilder()
        .withNewMetadata()
        .withNamespace(namespace)
        .withName(name)
        .endMetadata()
        .addToData("k", value)
        .build();
  }

  @Test
  @DisplayName("same-named objects in two namespaces and of two kinds are written apart")
  void sameNamesStayApart() {
    try (LocalApiServer server = new LocalApiServer(ApiValidation.NONE).start()) {
      KubernetesClient client = server.client();
      client.resource(configMap("a", "x", "a1")).create();
      client.resource(configMap("b", "x", "b1")).create();
      client
          .resource(
              new SecretBuilder()
                  .withNewMetadata()
                  .withNamespace("a")
                  .withName("x")
                  .endMetadata()
                  .addToStringData("s", "secret")
                  .build())
          .create();

      client
          .configMaps()
          .inNamespace("a")
          .withName("x")
          .edit(c -> {
            c.setData(Map.of("k", "a2"));
            return c;
          });
      client
          .configMaps()
          .inNamespace("b")
          .withName("x")
          .patch(
              PatchContext.of(PatchType.JSON_MERGE),
              "{\"metadata\":{\"labels\":{\"patched\":\"yes\"}}}");

      assertThat(client.configMaps().inNamespace("a").withName("x").get().getData())
          .containsEntry("k", "a2");
      ConfigMap b = client.configMaps().inNamespace("b").withName("x").get();
      assertThat(b.getData()).containsEntry("k", "b1");
      assertThat(b.getMetadata().getLabels()).containsEntry("patched", "yes");
      assertThat(client.secrets().inNamespace("a").withName("x").get()).isNotNull();
    }
  }

  @Test
  @DisplayName("a second create of a name is a conflict; after a delete the name is free again")
  void createConflictsUntilDeleted() {
    try (LocalApiServer server = new LocalApiServer().start()) {
      KubernetesClient client = server.client();
      client.resource(configMap("a", "x", "1")).create();

      assertThatThrownBy(() -> client.resource(configMap("a", "x", "2")).create())
          .isInstanceOf(KubernetesClientException.class)
          .extracting(e -> ((KubernetesClientException) e).getCode())
          .isEqualTo(409);

      client.configMaps().inNamespace("a").withName("x").delete();
      assertThatThrownBy(() -> client.configMaps().inNamespace("a").withName("x").edit(c -> c))
          .isInstanceOf(KubernetesClientException.class);
      client.resource(configMap("a", "x", "3")).create();
      client
          .configMaps()
          .inNamespace("a")
          .withName("x")
          .edit(c -> {
            c.setData(Map.of("k", "4"));
            return c;
          });
      assertThat(client.configMaps().inNamespace("a").list().getItems())
          .singleElement()
          .satisfies(c -> assertThat(c.getData()).containsEntry("k", "4"));
    }
  }
}
