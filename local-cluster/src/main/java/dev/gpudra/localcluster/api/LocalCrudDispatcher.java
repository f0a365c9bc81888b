package dev.gpudra.localcluster.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.server.mock.KubernetesAttributesExtractor;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.crud.KubernetesCrudDispatcherException;
import io.fabric8.mockwebserver.crud.Attribute;
import io.fabric8.mockwebserver.crud.AttributeSet;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.net.HttpURLConnection;
import java.util.AbstractMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * fabric8's CRUD dispatcher made faster and closer to the API server.
 *
 * <p>Its stored objects are indexed by name. fabric8 finds the object a write names by scanning
 * every stored object (each create, update and patch looks once); with a few thousand objects that
 * scan was most of the server's time (the ComputeDomain benchmark: half of all CPU samples). Here a
 * write's lookup checks only the objects of that name, in the order they were stored, as fabric8's
 * scan would find them. The index follows {@link #processEvent}, the one place fabric8 stores or
 * removes an object. Should the key computed here ever differ from the one fabric8 stored, the
 * index is dropped and every lookup scans again (a warning says so): slower, never wrong.
 *
 * <p>The same index answers a GET of one object by name.
 *
 * <p>JSON merge patches follow RFC 7386 ({@link MergePatch}).
 */
class LocalCrudDispatcher extends KubernetesCrudDispatcher {
  private static final Logger log = LoggerFactory.getLogger(LocalCrudDispatcher.class);

  /** A stored object as the index holds it: its key and its JSON. */
  private record Stored(AttributeSet key, String json) {}

  private final Map<Attribute, List<Stored>> byName = new ConcurrentHashMap<>();
  private final Discovery discovery = new Discovery();
  private volatile boolean indexed = true;

  @Override
  public void processEvent(
      String path,
      AttributeSet pathAttributes,
      AttributeSet oldAttributes,
      GenericKubernetesResource resource,
      String newState) {
    super.processEvent(path, pathAttributes, oldAttributes, resource, newState);
    if (oldAttributes != null) {
      unindex(oldAttributes);
    }
    if (newState != null) {
      index(storedKey(pathAttributes, resource, newState), newState);
    }
  }

  /** Discovery ({@link Discovery}) as the API server answers it; everything else fabric8's. */
  @Override
  public MockResponse dispatch(RecordedRequest request) {
    if ("GET".equals(request.getMethod())) {
      Optional<String> document = discovery.document(request.getPath());
      if (document.isPresent()) {
        return new MockResponse()
            .setResponseCode(HttpURLConnection.HTTP_OK)
            .setHeader("Content-Type", "application/json")
            .setBody(document.get());
      }
      if (Discovery.namesGroupVersion(request.getPath())) {
        return new MockResponse()
            .setResponseCode(HttpURLConnection.HTTP_NOT_FOUND)
            .setHeader("Content-Type", "application/json")
            .setBody(
                "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\","
                    + "\"reason\":\"NotFound\",\"code\":404}");
      }
    }
    return super.dispatch(request);
  }

  @Override
  public Map.Entry<AttributeSet, String> findResource(AttributeSet query) {
    Attribute name = query.getAttribute(KubernetesAttributesExtractor.NAME);
    if (!indexed || name == null) {
      return super.findResource(query);
    }
    for (Stored candidate : byName.getOrDefault(name, List.of())) {
      String stored = map.get(candidate.key());
      if (stored != null && candidate.key().matches(query)) {
        return new AbstractMap.SimpleImmutableEntry<>(candidate.key(), stored);
      }
    }
    return null;
  }

  /**
   * A GET of one object by name answers from the index (the object as last stored, or, when the
   * index has none, fabric8's own scan and 404); lists and watches are fabric8's.
   */
  @Override
  public MockResponse handleGet(String path) {
    AttributeSet query = attributeExtractor.fromPath(path);
    Attribute name = query.getAttribute(KubernetesAttributesExtractor.NAME);
    if (!indexed || name == null || path.contains("watch")) {
      return super.handleGet(path);
    }
    for (Stored candidate : byName.getOrDefault(name, List.of())) {
      if (candidate.key().matches(query)) {
        return new MockResponse()
            .setResponseCode(HttpURLConnection.HTTP_OK)
            .setBody(candidate.json());
      }
    }
    return super.handleGet(path);
  }

  /** RFC 7386, as the API server ({@link MergePatch}); fabric8 appended to lists. */
  @Override
  public JsonNode merge(JsonNode existing, String patch) throws KubernetesCrudDispatcherException {
    try {
      return MergePatch.apply(existing, context.getMapper().readTree(patch));
    } catch (JsonProcessingException e) {
      throw new KubernetesCrudDispatcherException(
          "the patch is not JSON: " + e.getOriginalMessage(), HttpURLConnection.HTTP_BAD_REQUEST);
    }
  }

  @Override
  public void reset() {
    super.reset();
    byName.clear();
  }

  /** The key fabric8's {@code processEvent} stores a new state under. */
  private AttributeSet storedKey(
      AttributeSet pathAttributes, GenericKubernetesResource resource, String newState) {
    KubernetesAttributesExtractor extractor = (KubernetesAttributesExtractor) attributeExtractor;
    AttributeSet key =
        resource != null ? extractor.extract(resource) : extractor.fromResource(newState);
    return key.containsKey(KubernetesAttributesExtractor.PLURAL)
        ? key
        : AttributeSet.merge(pathAttributes, key);
  }

  private void index(AttributeSet key, String json) {
    Attribute name = key.getAttribute(KubernetesAttributesExtractor.NAME);
    if (name == null || !map.containsKey(key)) {
      if (indexed) {
        indexed = false;
        log.warn("local API server: stored key {} not indexable; lookups scan from now on", key);
      }
      return;
    }
    List<Stored> sameName = byName.computeIfAbsent(name, n -> new CopyOnWriteArrayList<>());
    sameName.removeIf(s -> s.key().equals(key));
    sameName.add(new Stored(key, json));
  }

  private void unindex(AttributeSet key) {
    Attribute name = key.getAttribute(KubernetesAttributesExtractor.NAME);
    if (name != null) {
      byName.computeIfPresent(
          name,
          (n, keys) -> {
            keys.removeIf(s -> s.key().equals(key));
            return keys.isEmpty() ? null : keys;
          });
    }
  }
}
