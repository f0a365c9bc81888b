package dev.gpudra.operator.uninstall;

import dev.gpudra.api.clusterpolicy.ClusterPolicy;
import dev.gpudra.api.clusterpolicy.GpuCluster;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.net.HttpURLConnection;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Deletes every ClusterPolicy and GPUCluster and waits until they are gone. A policy that runs the
 * DRA driver stays under its finalizer until the operator, still running, has taken every node off
 * the driver; what it waits for (its {@code Deleting} condition) is reported whenever it changes.
 */
public final class PolicyUninstall {
  private static final Duration POLL = Duration.ofSeconds(2);

  private final KubernetesClient client;
  private final Clock clock;
  private final Consumer<String> progress;

  /**
   * @param progress receives a line per policy whenever what it waits for changes
   */
  public PolicyUninstall(KubernetesClient client, Clock clock, Consumer<String> progress) {
    this.client = Objects.requireNonNull(client, "client");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.progress = Objects.requireNonNull(progress, "progress");
  }

  /**
   * @return the policies still there when {@code timeout} ran out ({@code Kind/name: why}); empty
   *     when every one is gone
   * @throws KubernetesClientException when a list or a delete fails
   */
  public List<String> run(Duration timeout) throws InterruptedException {
    Instant deadline = clock.instant().plus(timeout);
    List<HasMetadata> policies = policies();
    for (HasMetadata policy : policies) {
      client.resource(policy).delete();
      progress.accept(name(policy) + ": deleted");
    }
    Map<String, String> said = new LinkedHashMap<>();
    while (true) {
      List<String> left = new ArrayList<>();
      for (HasMetadata policy : policies()) {
        String line = name(policy) + ": " + waitingFor(policy);
        left.add(line);
        if (!line.equals(said.put(name(policy), line))) {
          progress.accept(line);
        }
      }
      if (left.isEmpty() || !clock.instant().isBefore(deadline)) {
        return left;
      }
      Thread.sleep(POLL.toMillis());
    }
  }

  private List<HasMetadata> policies() {
    List<HasMetadata> all =
        new ArrayList<>(client.resources(ClusterPolicy.class).list().getItems());
    try {
      all.addAll(client.resources(GpuCluster.class).list().getItems());
    } catch (KubernetesClientException e) {
      if (e.getCode() != HttpURLConnection.HTTP_NOT_FOUND) { // no GPUCluster CRD: none
        throw e;
      }
    }
    return all;
  }

  /** The policy's Error condition while it is deleted, else that it is going. */
  private static String waitingFor(HasMetadata policy) {
    List<Condition> conditions =
        switch (policy) {
          case ClusterPolicy p -> p.getStatus() == null ? null : p.getStatus().conditions();
          case GpuCluster c -> c.getStatus() == null ? null : c.getStatus().conditions();
          default -> null;
        };
    return Optional.ofNullable(conditions).orElse(List.of()).stream()
        .filter(c -> "Error".equals(c.getType()) && "True".equals(c.getStatus()))
        .map(c -> c.getReason() + ": " + c.getMessage())
        .findFirst()
        .orElse(
            policy.getMetadata().getFinalizers().isEmpty()
                ? "going"
                : "held by " + policy.getMetadata().getFinalizers());
  }

  private static String name(HasMetadata policy) {
    return policy.getKind() + " " + policy.getMetadata().getName();
  }
}
