package dev.gpudra.localcluster.api;

import dev.gpudra.localcluster.validation.DraValidation;
import dev.gpudra.localcluster.validation.Rejection;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.fabric8.mockwebserver.crud.AttributeSet;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.util.function.Supplier;

/**
 * The indexed CRUD dispatcher with the API server's validation of resource.k8s.io/v1 objects and
 * its graceful deletion of bound pods ({@link GracefulPodDeletion}).
 *
 * <p>The hook is {@link #processEvent}, the one place where POST, PUT and every PATCH flavour hand
 * over the final object (after merging, defaulting metadata and copying status) just before it is
 * stored and watchers are told. An invalid object is refused there, so nothing is stored and no
 * event is sent; the request handlers turn the refusal into a 422 Status response.
 */
final class ValidatingCrudDispatcher extends LocalCrudDispatcher {
  private final DraValidation validation;
  private final KubernetesSerialization json = new KubernetesSerialization();
  private final GracefulPodDeletion graceful = new GracefulPodDeletion();

  /** The grace period of the DELETE this thread dispatches now (set only during one). */
  private final ThreadLocal<java.util.OptionalLong> deleteGrace = new ThreadLocal<>();

  ValidatingCrudDispatcher(DraValidation validation) {
    this.validation = validation;
  }

  @Override
  public void processEvent(
      String path,
      AttributeSet pathAttributes,
      AttributeSet oldAttributes,
      GenericKubernetesResource resource,
      String newState) {
    if (newState == null && deleteGrace.get() != null && oldAttributes != null) {
      // a delete (under the dispatcher's lock): a bound pod stays, terminating, for its kubelet
      String stored = map.get(oldAttributes);
      var terminating =
          stored == null
              ? java.util.Optional.<String>empty()
              : graceful.terminating(stored, deleteGrace.get(), java.time.Instant.now());
      if (terminating.isPresent()) {
        String marked = withResourceVersion(terminating.get());
        super.processEvent(
            path,
            pathAttributes,
            oldAttributes,
            json.unmarshal(marked, GenericKubernetesResource.class),
            marked);
        return;
      }
    }
    if (newState != null) {
      String old = oldAttributes == null ? null : map.get(oldAttributes);
      validation
          .check(newState, old)
          .ifPresent(rejection -> {
            throw new RejectedObject(rejection);
          });
    }
    super.processEvent(path, pathAttributes, oldAttributes, resource, newState);
  }

  /**
   * {@code GET /version}: the Kubernetes version whose validation this server applies (drivers
   * choose their slice layout by it, as NVIDIA's DynamicMIG does).
   */
  private String withResourceVersion(String object) {
    GenericKubernetesResource resource = json.unmarshal(object, GenericKubernetesResource.class);
    resource.getMetadata().setResourceVersion(String.valueOf(requestResourceVersion()));
    return json.asJson(resource);
  }

  @Override
  protected MockResponse serve(RecordedRequest request) {
    if ("DELETE".equals(request.getMethod())) {
      deleteGrace.set(graceful.requested(request.getPath(), request.getUtf8Body()));
      try {
        return dispatchOther(request);
      } finally {
        deleteGrace.remove();
      }
    }
    return dispatchOther(request);
  }

  private MockResponse dispatchOther(RecordedRequest request) {
    return super.serve(request);
  }

  @Override
  public MockResponse handleCreate(RecordedRequest request) {
    return refusing(() -> super.handleCreate(request));
  }

  @Override
  public MockResponse handleUpdate(RecordedRequest request) {
    return refusing(() -> super.handleUpdate(request));
  }

  @Override
  public MockResponse handlePatch(RecordedRequest request) {
    return refusing(() -> super.handlePatch(request));
  }

  private MockResponse refusing(Supplier<MockResponse> handler) {
    try {
      return handler.get();
    } catch (RejectedObject e) {
      return InvalidStatus.response(e.rejection, json);
    }
  }

  /** Carries a rejection out of {@link #processEvent}, whose signature allows no checked one. */
  private static final class RejectedObject extends RuntimeException {
    private final transient Rejection rejection;

    RejectedObject(Rejection rejection) {
      super(rejection.message(), null, false, false);
      this.rejection = rejection;
    }
  }
}
