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
import java.time.Instant;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
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
  private static final String CRDS = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";

  private final CustomResources customResources = new CustomResources(this::storedCrds);
  private final Discovery discovery = new Discovery(customResources);
  private final FieldCheck fieldCheck = new FieldCheck(new UnknownFields(customResources));
  private final RequestGate gate = new RequestGate();
  private final CrudStatuses statuses = new CrudStatuses();
  private final CrdConditions crdConditions = new CrdConditions();
  private final TaintDefaults taintDefaults = new TaintDefaults();
  private final ProtobufNamespace protobufNamespace = new ProtobufNamespace();

  /** The fieldValidation of the write this thread dispatches now (set only during one). */
  private final ThreadLocal<FieldValidation> fieldValidation = new ThreadLocal<>();

  /** The Warning headers of the request this thread dispatches now. */
  private final ThreadLocal<List<String>> warnings = new ThreadLocal<>();

  private volatile boolean indexed = true;

  private final DefaultedAnswers answers = new DefaultedAnswers();

  /** Set while this thread dispatches a create with {@code dryRun=All}: nothing is stored. */
  private final ThreadLocal<Boolean> dryRun = new ThreadLocal<>();

  @Override
  public void processEvent(
      String path,
      AttributeSet pathAttributes,
      AttributeSet oldAttributes,
      GenericKubernetesResource resource,
      String newState) {
    Instant now = Instant.now();
    String established = newState == null ? null : crdConditions.established(newState, now);
    String state =
        established == null
            ? null
            : taintDefaults.defaulted(
                established, Optional.ofNullable(oldAttributes).map(map::get), now);
    if (state != null) {
      checkFields(state);
    }
    answers.stored(established, state);
    if (Boolean.TRUE.equals(dryRun.get())) {
      return; // checked and answered as created, never stored or watched
    }
    super.processEvent(path, pathAttributes, oldAttributes, resource, state);
    if (oldAttributes != null) {
      unindex(oldAttributes);
    }
    if (state != null) {
      index(storedKey(pathAttributes, resource, state), state);
    }
  }

  /**
   * Every request is answered: discovery and OpenAPI here, what cannot be served with a Status at
   * once ({@link RequestGate}), the rest by fabric8's CRUD; an exception anywhere becomes 500 with
   * a Status naming the request, never a request left without an answer.
   */
  @Override
  public final MockResponse dispatch(RecordedRequest request) {
    ApiRequest api =
        new ApiRequest(
            request.getMethod(),
            request.getPath(),
            request.getHeader("Content-Type"),
            body(request));
    try {
      if (namespaceInProtobuf(api)) {
        return namespaceFromProtobuf(request, api);
      }
      return served(request, api);
    } catch (RuntimeException e) {
      log.warn("local API server: {} failed", api.line(), e);
      return new ApiStatus(
              ApiStatus.INTERNAL_ERROR,
              "InternalError",
              "the embedded API server failed on " + api.line() + ": " + e)
          .response();
    }
  }

  private static boolean namespaceInProtobuf(ApiRequest api) {
    return api.method().equals("POST")
        && api.mediaType().equals(ProtobufNamespace.MEDIA_TYPE)
        && api.bare().equals(ProtobufNamespace.PATH);
  }

  /**
   * {@code kubectl create namespace}: the protobuf Namespace served as its JSON, or 415 naming what
   * could not be read (client-go does not fall back to JSON for protobuf, only for CBOR).
   */
  private MockResponse namespaceFromProtobuf(RecordedRequest request, ApiRequest api) {
    String namespace;
    try {
      namespace = protobufNamespace.toJson(request.getBody().getBytes());
    } catch (IllegalArgumentException e) {
      return new ApiStatus(
              ApiStatus.UNSUPPORTED_MEDIA_TYPE,
              "UnsupportedMediaType",
              "POST /api/v1/namespaces in protobuf: "
                  + e.getMessage()
                  + "; send JSON (kubectl"
                  + " create -f)")
          .response();
    }
    byte[] body = namespace.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    RecordedRequest asJson =
        new RecordedRequest(
            request.getHttpVersion(),
            request.method(),
            request.getPath(),
            request.getHeaders().newBuilder().set("Content-Type", RequestGate.JSON).build(),
            new io.fabric8.mockwebserver.http.Buffer(body));
    return served(asJson, new ApiRequest(api.method(), api.path(), RequestGate.JSON, namespace));
  }

  /** The body as UTF-8, left in the request for fabric8 (its {@code getUtf8Body} drains it). */
  private static String body(RecordedRequest request) {
    return request.getBody() == null
        ? ""
        : new String(request.getBody().getBytes(), java.nio.charset.StandardCharsets.UTF_8);
  }

  private MockResponse served(RecordedRequest request, ApiRequest api) {
    boolean get = "GET".equals(api.method());
    Optional<String> document = get ? discovery.document(api.path()) : Optional.empty();
    if (document.isPresent()) {
      return new MockResponse()
          .setResponseCode(HttpURLConnection.HTTP_OK)
          .setHeader("Content-Type", "application/json")
          .setBody(document.get());
    }
    if (get && Discovery.namesGroupVersion(api.path())) {
      return new ApiStatus(
              ApiStatus.NOT_FOUND,
              "NotFound",
              "the server could not find the requested resource (" + api.line() + ")")
          .response();
    }
    if (get && httpWatch(request, api)) {
      return ApiStatus.badRequest(
              "the embedded API server streams watches over WebSocket only (fabric8's watch), not"
                  + " over HTTP as kubectl get --watch asks: "
                  + api.line())
          .response();
    }
    Optional<ApiStatus> refusal = gate.refusal(api, false);
    if (refusal.isPresent()) {
      return refusal.get().response();
    }
    fieldValidation.set(FieldValidation.of(api));
    warnings.set(new ArrayList<>());
    try {
      MockResponse response = statuses.worded(serve(asMergePatch(request, api)), api);
      warnings.get().forEach(w -> response.addHeader("Warning", w));
      if (response.getWebSocketListener() == null && response.header("Content-Type") == null) {
        // kubectl decodes an answer without a type as what it sent: protobuf
        response.setHeader("Content-Type", RequestGate.JSON);
      }
      return response;
    } finally {
      fieldValidation.remove();
      warnings.remove();
    }
  }

  /** A watch asked for over plain HTTP (kubectl's), which fabric8 cannot stream. */
  private static boolean httpWatch(RecordedRequest request, ApiRequest api) {
    return api.query("watch").filter(w -> w.equals("true") || w.equals("1")).isPresent()
        && !"websocket".equalsIgnoreCase(request.getHeader("Upgrade"));
  }

  /** fabric8's CRUD for a request the gate let through; subclasses add to it. */
  protected MockResponse serve(RecordedRequest request) {
    return super.dispatch(request);
  }

  /**
   * A strategic merge patch the gate let through has no directives, so it means what the same body
   * as a JSON merge patch means (fabric8 knows only the latter).
   */
  private static RecordedRequest asMergePatch(RecordedRequest request, ApiRequest api) {
    if (!api.mediaType().equals(RequestGate.STRATEGIC_MERGE_PATCH)) {
      return request;
    }
    return new RecordedRequest(
        request.getHttpVersion(),
        request.method(),
        request.getPath(),
        request.getHeaders().newBuilder().set("Content-Type", RequestGate.MERGE_PATCH).build(),
        request.getBody());
  }

  @Override
  public MockResponse handleCreate(RecordedRequest request) {
    boolean dry = new ApiRequest("POST", request.getPath(), "", "").query("dryRun").isPresent();
    dryRun.set(dry);
    try {
      return refusingUnknownFields(() -> super.handleCreate(request));
    } finally {
      dryRun.remove();
    }
  }

  @Override
  public MockResponse handleUpdate(RecordedRequest request) {
    return refusingUnknownFields(() -> super.handleUpdate(request));
  }

  @Override
  public MockResponse handlePatch(RecordedRequest request) {
    return refusingUnknownFields(() -> super.handlePatch(request));
  }

  /**
   * The write's answer, its body the object with what this server defaulted (a taint's {@code
   * timeAdded}), as kube-apiserver answers; or a 400 naming unknown fields.
   */
  private MockResponse refusingUnknownFields(Supplier<MockResponse> handler) {
    answers.begin();
    try {
      return answers.answer(handler.get());
    } catch (UnknownFieldsException e) {
      answers.begin();
      return ApiStatus.badRequest(e.getMessage()).response();
    }
  }

  /**
   * fabric8 asks this for every create, update and patch: true keeps status out of writes to the
   * object itself. Its CRD processor answers for custom resources; {@link StatusSubresources} for
   * built-ins.
   */
  @Override
  public boolean isStatusSubresourceEnabledForResource(String path) {
    return StatusSubresources.covers(path) || super.isStatusSubresourceEnabledForResource(path);
  }

  /** The stored CRDs, as JSON. */
  private List<String> storedCrds() {
    AttributeSet query = attributeExtractor.fromPath(CRDS);
    return new ArrayList<>(map.entrySet())
        .stream().filter(e -> e.getKey().matches(query)).map(Map.Entry::getValue).toList();
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

  /**
   * The object to be stored against its schema, under the request's {@code fieldValidation} ({@link
   * FieldCheck}). Checked here, on the final object, so every patch flavour is checked alike.
   */
  private void checkFields(String newState) {
    FieldValidation directive = fieldValidation.get();
    if (directive != null) {
      warnings.get().addAll(fieldCheck.warnings(newState, directive));
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
