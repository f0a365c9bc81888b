package dev.gpudra.controllerkit.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.gpudra.controllerkit.informers.Cache;
import dev.gpudra.controllerkit.informers.Informers;
import dev.gpudra.localcluster.api.LocalApiServer;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A controller started by the kit against the in-process API server: its reconciler reads caches
 * that have listed before it runs, it reports itself healthy, and closing it or failing to start it
 * leaves no informer running.
 */
class ControllerRuntimeIT {
  private static final String NS = "ops";

  private LocalApiServer api;
  private KubernetesClient client;

  @BeforeEach
  void start() {
    api = new LocalApiServer().start();
    client = api.client();
  }

  @AfterEach
  void stop() {
    api.close();
  }

  /** Says, per ConfigMap, how many Secrets its first reconcile found in the kit's cache. */
  @ControllerConfiguration(name = "secret-counter")
  static final class SecretCounter implements Reconciler<ConfigMap> {
    private final Cache<Secret> secrets;
    private final Map<String, Integer> seen = new ConcurrentHashMap<>();

    SecretCounter(Cache<Secret> secrets) {
      this.secrets = secrets;
    }

    @Override
    public UpdateControl<ConfigMap> reconcile(ConfigMap map, Context<ConfigMap> context) {
      seen.putIfAbsent(map.getMetadata().getName(), secrets.list().size());
      return UpdateControl.noUpdate();
    }
  }

  @Test
  @DisplayName("the reconcilers run on synced caches; the controller is healthy until closed")
  void startsInOrder() {
    for (int i = 0; i < 5; i++) {
      client.resource(secret("s-" + i)).create();
    }
    client.resource(configMap("first")).create();
    Informers informers = new Informers(Duration.ofSeconds(10));
    Cache<Secret> secrets =
        informers.add("Secrets in " + NS, client.secrets().inNamespace(NS).runnableInformer(0));
    SecretCounter counter = new SecretCounter(secrets);
    ControllerRuntime runtime =
        ControllerRuntime.start(Launch.unelected(client), informers, o -> o.register(counter));
    try {
      await().atMost(Duration.ofSeconds(20)).until(() -> counter.seen.containsKey("first"));
      assertThat(counter.seen).containsEntry("first", 5);
      assertThat(runtime.healthy()).isTrue();
    } finally {
      runtime.close();
    }
    assertThat(runtime.healthy()).isFalse();
    client.resource(secret("after-close")).create();
    await()
        .during(Duration.ofMillis(500))
        .atMost(Duration.ofSeconds(2))
        .untilAsserted(() -> assertThat(secrets.list()).hasSize(5));
  }

  @Test
  @DisplayName("a start that fails registering stops the informers it started and says why")
  void failedStart() {
    Informers informers = new Informers(Duration.ofSeconds(10));
    Cache<Secret> secrets =
        informers.add("Secrets in " + NS, client.secrets().inNamespace(NS).runnableInformer(0));
    assertThatThrownBy(() ->
            ControllerRuntime.start(
                Launch.unelected(client),
                informers,
                o -> {
                  throw new IllegalStateException("no reconciler for you");
                }))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("no reconciler for you");
    client.resource(secret("after-failure")).create();
    await()
        .during(Duration.ofMillis(500))
        .atMost(Duration.ofSeconds(2))
        .untilAsserted(() -> assertThat(secrets.list()).isEmpty());
  }

  private static Secret secret(String name) {
    return new SecretBuilder()
        .withNewMetadata()
        .withName(name)
        .withNamespace(NS)
        .endMetadata()
        .build();
  }

  private static ConfigMap configMap(String name) {
    return new ConfigMapBuilder()
        .withNewMetadata()
        .withName(name)
        .withNamespace(NS)
        .endMetadata()
        .build();
  }
}
