package dev.gpudra.demo;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A scenario's manifests applied to a namespace of its own: the namespace (with the labels of a
 * Namespace in the manifests, e.g. {@code resource.kubernetes.io/admin-access}), then every object
 * but the steps, which the caller takes one at a time: the pods, and the DeviceTaintRules between
 * them (cluster-wide, so a rule drains what the pods before it hold).
 *
 * @param client the cluster
 * @param objects the scenario's objects, in manifest order
 */
public record ScenarioObjects(KubernetesClient client, List<HasMetadata> objects) {
  private static final Duration SERVICE_ACCOUNT_TIMEOUT = Duration.ofSeconds(10);

  public ScenarioObjects {
    Objects.requireNonNull(client, "client");
    objects = List.copyOf(objects);
  }

  /** The scenario's manifests, parsed. */
  public static ScenarioObjects load(KubernetesClient client, DemoSpec spec) {
    return new ScenarioObjects(
        client,
        client
            .load(new ByteArrayInputStream(spec.manifests().getBytes(StandardCharsets.UTF_8)))
            .items());
  }

  /**
   * Creates the namespace and every object but the pods in it.
   *
   * @param awaitServiceAccount wait for SA {@code default} (ServiceAccount admission refuses pods
   *     until the controller has made it; an embedded API server has neither)
   */
  public void apply(String namespace, boolean awaitServiceAccount) throws InterruptedException {
    client
        .namespaces()
        .resource(
            new NamespaceBuilder()
                .withNewMetadata()
                .withName(namespace)
                .withLabels(labels())
                .endMetadata()
                .build())
        .create();
    if (awaitServiceAccount) {
      long deadline = System.nanoTime() + SERVICE_ACCOUNT_TIMEOUT.toNanos();
      while (client.serviceAccounts().inNamespace(namespace).withName("default").get() == null
          && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
    }
    objects.stream()
        .filter(o -> !step(o) && !(o instanceof Namespace))
        .forEach(o -> client.resource(o).inNamespace(namespace).create());
  }

  /** Creates every object but the pods that is not in the namespace yet (it exists). */
  public void applyMissing(String namespace) {
    objects.stream()
        .filter(o -> !step(o) && !(o instanceof Namespace))
        .filter(o -> client.resource(o).inNamespace(namespace).get() == null)
        .forEach(o -> client.resource(o).inNamespace(namespace).create());
  }

  /** The pods and DeviceTaintRules, in manifest order. */
  public List<HasMetadata> steps() {
    return objects.stream().filter(ScenarioObjects::step).toList();
  }

  private static boolean step(HasMetadata o) {
    return o instanceof Pod || TaintRuleStep.KIND.equals(o.getKind());
  }

  /** The pods, in manifest order. */
  public List<Pod> pods() {
    return objects.stream().filter(Pod.class::isInstance).map(Pod.class::cast).toList();
  }

  /** The labels of a Namespace in the manifests; it stands for the scenario's own namespace. */
  private Map<String, String> labels() {
    return objects.stream()
        .filter(Namespace.class::isInstance)
        .map(o -> o.getMetadata().getLabels())
        .filter(Objects::nonNull)
        .findFirst()
        .orElse(Map.of());
  }
}
