package dev.gpudra.operator.uninstall;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.api.clusterpolicy.ClusterPolicy;
import dev.gpudra.api.crds.ClusterPolicyCrds;
import dev.gpudra.localcluster.api.LocalApiServer;
import dev.gpudra.localcluster.operator.PolicyScenario;
import dev.gpudra.operator.reconcile.ClusterPolicyOperator;
import dev.gpudra.operator.reconcile.OperatorSettings;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The chart's pre-delete step against the in-process API server with the operator running: the
 * policy is deleted and waited for while its DRA node leaves the driver.
 */
class PolicyUninstallIT {
  private static final String NS = PolicyScenario.NAMESPACE;

  private LocalApiServer api;
  private KubernetesClient client;
  private ClusterPolicyOperator operator;
  private final List<String> progress = new CopyOnWriteArrayList<>();

  @BeforeEach
  void start() {
    api = new LocalApiServer().start();
    client = api.client();
    ClusterPolicyCrds.all().forEach(crd -> client.resource(crd).create());
    client
        .resource(new NamespaceBuilder().withNewMetadata().withName(NS).endMetadata().build())
        .create();
    client.resource(PolicyScenario.gpuNode("node-a", true)).create();
    client.resource(PolicyScenario.policy()).create();
    operator = ClusterPolicyOperator.start(client, new OperatorSettings(NS, "gpu-dra:it"));
    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> !policy().getMetadata().getFinalizers().isEmpty());
    client.resource(PolicyScenario.draPluginPod("node-a")).create();
  }

  @AfterEach
  void stop() {
    operator.close();
    api.close();
  }

  @Test
  @DisplayName(
      "deletes the policy and returns once it is gone, saying what it waited for on the way")
  void waitsUntilThePolicyIsGone() throws Exception {
    PolicyUninstall uninstall = new PolicyUninstall(client, Clock.systemUTC(), progress::add);
    // a thread of its own: the common pool (one thread on two cores) serves the client
    ExecutorService thread = Executors.newSingleThreadExecutor();
    CompletableFuture<List<String>> left =
        CompletableFuture.supplyAsync(() -> run(uninstall, Duration.ofSeconds(30)), thread);
    thread.shutdown();

    await()
        .atMost(Duration.ofSeconds(20))
        .untilAsserted(() ->
            assertThat(progress)
                .contains("ClusterPolicy cluster-policy: deleted")
                .anySatisfy(l -> assertThat(l).contains("Deleting: ", "node-a")));
    assertThat(left).isNotDone();
    client
        .pods()
        .inNamespace(NS)
        .withName(PolicyScenario.draPluginPod("node-a").getMetadata().getName())
        .withGracePeriod(0)
        .delete();

    assertThat(left.get()).isEmpty();
    assertThat(policy()).isNull();
  }

  @Test
  @DisplayName("gives up at its timeout, naming each policy left and why")
  void namesWhatIsLeftAtItsTimeout() throws Exception {
    List<String> left =
        new PolicyUninstall(client, Clock.systemUTC(), progress::add).run(Duration.ofSeconds(3));

    assertThat(left)
        .singleElement()
        .satisfies(l -> assertThat(l).startsWith("ClusterPolicy cluster-policy: "));
    assertThat(policy().getMetadata().getDeletionTimestamp()).isNotNull();
  }

  private static List<String> run(PolicyUninstall uninstall, Duration timeout) {
    try {
      return uninstall.run(timeout);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private ClusterPolicy policy() {
    return client.resources(ClusterPolicy.class).withName("cluster-policy").get();
  }
}
