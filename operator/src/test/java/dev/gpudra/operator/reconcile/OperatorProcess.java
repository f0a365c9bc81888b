package dev.gpudra.operator.reconcile;

import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;

/**
 * The ClusterPolicy operator alone in a JVM, for tests that kill it: reconciles against the API
 * server at {@code args[0]} in namespace {@code args[1]}, prints {@code started}, and stops when
 * stdin closes (or when it is killed).
 */
public final class OperatorProcess {
  private OperatorProcess() {}

  public static void main(String[] args) throws IOException {
    try (KubernetesClient client =
            new KubernetesClientBuilder()
                .withConfig(new ConfigBuilder().withMasterUrl(args[0]).build())
                .build();
        ClusterPolicyOperator operator =
            ClusterPolicyOperator.start(client, new OperatorSettings(args[1], "gpu-dra:it"))) {
      System.out.println("started");
      System.out.flush();
      while (System.in.read() >= 0) {
        // until the test closes stdin
      }
    }
  }
}
