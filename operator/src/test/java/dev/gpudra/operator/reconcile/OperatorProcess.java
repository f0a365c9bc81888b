package dev.gpudra.operator.reconcile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The ClusterPolicy operator alone in a JVM, for tests that kill it or bound its heap: reconciles
 * against the API server at {@code args[0]} in namespace {@code args[1]}, prints {@code started},
 * and stops when stdin closes (or when it is killed).
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

  /**
   * Starts one on the test's classpath with {@code jvmArgs}, its output in {@code log}; returns
   * once it has started.
   */
  static Process start(String apiUrl, String namespace, Path log, List<String> jvmArgs)
      throws IOException {
    List<String> command = new ArrayList<>();
    command.add(ProcessHandle.current().info().command().orElseThrow());
    command.addAll(jvmArgs);
    command.addAll(
        List.of(
            "-cp",
            System.getProperty("java.class.path"),
            OperatorProcess.class.getName(),
            apiUrl,
            namespace));
    Process process =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    await()
        .atMost(Duration.ofSeconds(60))
        .untilAsserted(() -> assertThat(Files.readString(log)).contains("started"));
    return process;
  }
}
