package dev.gpudra.controllerkit.informers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.gpudra.localcluster.api.LocalApiServer;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A set of informers against the in-process API server: what existed before start is in the caches
 * when start returns, lookups by key and index are typed, changes reach the callback, and a set
 * with an informer that cannot list fails whole, naming it, with every informer stopped.
 */
class InformersIT {
  private static final String NS = "ops";

  private LocalApiServer api;
  private KubernetesClient client;
  private Informers informers;

  @BeforeEach
  void start() {
    api = new LocalApiServer().start();
    client = api.client();
    informers = new Informers(Duration.ofSeconds(10));
  }

  @AfterEach
  void stop() {
    informers.close();
    api.close();
  }

  @Test
  @DisplayName("start returns once every informer has listed: existing objects are cached")
  void syncedOnStart() {
    for (int i = 0; i < 20; i++) {
      create("cm-" + i, "team-" + (i % 2));
    }
    Cache<ConfigMap> maps = informers.add("ConfigMaps in " + NS, configMaps());
    informers.start();
    assertThat(maps.list()).hasSize(20);
    assertThat(maps.get(NS, "cm-7")).map(m -> m.getMetadata().getName()).hasValue("cm-7");
    assertThat(maps.get(NS, "absent")).isEmpty();
    assertThat(maps.get("other", "cm-7")).isEmpty();
  }

  @Test
  @DisplayName("an index added before start answers by key")
  void index() {
    create("a", "team-a");
    create("b", "team-b");
    create("c", "team-a");
    Cache<ConfigMap> maps =
        informers
            .add("ConfigMaps in " + NS, configMaps())
            .index("team", m -> List.of(m.getMetadata().getLabels().get("team")));
    informers.start();
    assertThat(maps.byIndex("team", "team-a"))
        .extracting(m -> m.getMetadata().getName())
        .containsExactlyInAnyOrder("a", "c");
    assertThat(maps.byIndex("team", "team-c")).isEmpty();
  }

  @Test
  @DisplayName("the callback hears each cached object once, then every add, change and delete")
  void changes() {
    create("before", "team-a");
    Cache<ConfigMap> maps = informers.add("ConfigMaps in " + NS, configMaps());
    List<String> heard = new CopyOnWriteArrayList<>();
    maps.onChange(m -> heard.add(m.getMetadata().getName() + "@" + team(m)));
    informers.start();
    await().atMost(Duration.ofSeconds(10)).until(() -> heard.contains("before@team-a"));
    create("after", "team-a");
    client
        .configMaps()
        .inNamespace(NS)
        .withName("after")
        .edit(m -> {
          m.getMetadata().getLabels().put("team", "team-b");
          return m;
        });
    client.configMaps().inNamespace(NS).withName("before").delete();
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(() ->
            assertThat(heard)
                .containsExactly("before@team-a", "after@team-a", "after@team-b", "before@team-a"));
  }

  @Test
  @DisplayName("an informer that cannot list fails the start, named, and stops the others")
  void failedSync() {
    try (KubernetesClient nowhere =
        new KubernetesClientBuilder()
            .withConfig(
                new io.fabric8.kubernetes.client.ConfigBuilder()
                    .withMasterUrl("http://127.0.0.1:1")
                    .withRequestRetryBackoffLimit(0)
                    .build())
            .build()) {
      Informers set = new Informers(Duration.ofSeconds(3));
      Cache<ConfigMap> first = set.add("ConfigMaps in " + NS, configMaps());
      set.add("pods nowhere", nowhere.pods().inNamespace(NS).runnableInformer(0));
      assertThatThrownBy(set::start)
          .isInstanceOf(CacheSyncException.class)
          .hasMessageStartingWith("informer pods nowhere: ");
      assertThat(first.informer().isRunning()).isFalse();
    }
  }

  @Test
  @DisplayName("close stops every informer")
  void close() {
    Cache<ConfigMap> maps = informers.add("ConfigMaps in " + NS, configMaps());
    informers.start();
    assertThat(maps.informer().isRunning()).isTrue();
    informers.close();
    assertThat(maps.informer().isRunning()).isFalse();
  }

  private SharedIndexInformer<ConfigMap> configMaps() {
    return client.configMaps().inNamespace(NS).runnableInformer(0);
  }

  private void create(String name, String team) {
    client
        .resource(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withName(name)
                .withNamespace(NS)
                .withLabels(Map.of("team", team))
                .endMetadata()
                .build())
        .create();
  }

  private static String team(ConfigMap map) {
    return map.getMetadata().getLabels().get("team");
  }
}
