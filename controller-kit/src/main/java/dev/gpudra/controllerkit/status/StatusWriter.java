package dev.gpudra.controllerkit.status;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.Resource;
import java.util.Objects;
import java.util.function.Function;

/**
 * Writes one kind's status as the controller computed it, only when it differs from the status of
 * the object as the controller's cache holds it: a pass that changes nothing costs no write.
 *
 * @param <R> the custom resource
 * @param <S> its status, a value with {@code equals}
 */
public final class StatusWriter<R extends HasMetadata, S> {
  private final KubernetesClient client;
  private final Class<R> type;
  private final Function<R, S> status;
  private final StatusPatch patch;

  /**
   * @param status the status an object holds (null: none)
   */
  public StatusWriter(
      KubernetesClient client, Class<R> type, Function<R, S> status, StatusPatch patch) {
    this.client = Objects.requireNonNull(client, "client");
    this.type = Objects.requireNonNull(type, "type");
    this.status = Objects.requireNonNull(status, "status");
    this.patch = Objects.requireNonNull(patch, "patch");
  }

  /** Whether {@code want} differs from the status {@code cached} holds. */
  public boolean changed(R cached, S want) {
    return !Objects.equals(want, status.apply(cached));
  }

  /**
   * Writes {@code want} when it differs from the status {@code cached} holds.
   *
   * @return whether it wrote
   */
  public boolean writeIfChanged(R cached, S want) {
    if (!changed(cached, want)) {
      return false;
    }
    write(cached, want);
    return true;
  }

  /** Writes {@code want} as the status of {@code object} (its namespace and name). */
  public void write(R object, S want) {
    String body = patch.body(client.getKubernetesSerialization(), want);
    resource(object).subresource("status").patch(patch.context(), body);
  }

  private Resource<R> resource(R object) {
    String namespace = object.getMetadata().getNamespace();
    String name = object.getMetadata().getName();
    return namespace == null
        ? client.resources(type).withName(name)
        : client.resources(type).inNamespace(namespace).withName(name);
  }
}
