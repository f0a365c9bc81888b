package dev.gpudra.operator.reconcile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.api.crds.ClusterPolicyCrds;
import dev.gpudra.localcluster.api.LocalApiServer;
import dev.gpudra.localcluster.operator.PolicyScenario;
import dev.gpudra.testfixtures.process.PeakRss;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The operator in a JVM of its own under the largest ClusterPolicy etcd keeps (about 1.4 MiB): it
 * renders it within a 96 MiB heap, for {@value #PASSES_SECONDS} seconds of passes.
 */
class OperatorHeapIT {
  static final int PASSES_SECONDS = 15;
  private static final String NS = PolicyScenario.NAMESPACE;

  @Test
  @DisplayName(
      "a 1.4 MiB policy (3,000 tolerations, a 1 MiB annotation for the operands) is rendered into"
          + " the operands within a 96 MiB heap, the process alive")
  void largestPolicy(@TempDir Path dir) throws Exception {
    String tolerations =
        Collections.nCopies(3000, "{\"key\":\"k\",\"operator\":\"Exists\"}").toString();
    try (LocalApiServer api = new LocalApiServer().start()) {
      KubernetesClient client = api.client();
      ClusterPolicyCrds.all().forEach(crd -> client.resource(crd).create());
      client
          .resource(new NamespaceBuilder().withNewMetadata().withName(NS).endMetadata().build())
          .create();
      client.resource(PolicyScenario.gpuNode("node-a", true)).create();
      client
          .resource(
              PolicyEdits.policyWith(
                  "cluster-policy",
                  "{\"daemonsets\":{\"tolerations\":"
                      + tolerations
                      + ",\"annotations\":{\"big\":\""
                      + "x".repeat(1024 * 1024)
                      + "\"}}}"))
          .create();
      Process operator =
          OperatorProcess.start(
              api.url(),
              NS,
              dir.resolve("operator.log"),
              List.of("-Xmx96m", "-XX:+ExitOnOutOfMemoryError"));
      try {
        await()
            .atMost(Duration.ofSeconds(60))
            .untilAsserted(() -> {
              DaemonSet plugin =
                  client
                      .apps()
                      .daemonSets()
                      .inNamespace(NS)
                      .withName("nvidia-device-plugin-daemonset")
                      .get();
              assertThat(plugin).isNotNull();
              assertThat(plugin.getSpec().getTemplate().getSpec().getTolerations().size())
                  .isGreaterThanOrEqualTo(3000);
            });
        Thread.sleep(TimeUnit.SECONDS.toMillis(PASSES_SECONDS)); // passes at rest, every 5 s
        assertThat(operator.isAlive()).as(Files.readString(dir.resolve("operator.log"))).isTrue();
        System.out.printf(
            "operator under a 1.4 MiB policy: peak RSS %d MiB with -Xmx96m%n",
            PeakRss.kib(operator.pid()) / 1024);
      } finally {
        operator.getOutputStream().close();
        operator.destroy();
        operator.waitFor(20, TimeUnit.SECONDS);
      }
    }
  }
}
