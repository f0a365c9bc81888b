package dev.gpudra.bench.api;

import io.fabric8.kubernetes.client.http.BasicBuilder;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.Interceptor;
import java.util.concurrent.atomic.AtomicLong;

/** Counts the API writes (every request but GET) of one client, e.g. the controller's. */
public final class WriteCounter implements Interceptor {
  private final AtomicLong writes = new AtomicLong();
  private final AtomicLong reads = new AtomicLong();
  private final java.util.concurrent.ConcurrentHashMap<String, AtomicLong> done =
      new java.util.concurrent.ConcurrentHashMap<>();
  private final java.util.concurrent.ConcurrentHashMap<String, AtomicLong> read =
      new java.util.concurrent.ConcurrentHashMap<>();
  private final java.util.concurrent.ConcurrentHashMap<String, AtomicLong> failed =
      new java.util.concurrent.ConcurrentHashMap<>();

  @Override
  public void before(BasicBuilder builder, HttpRequest request, RequestTags tags) {
    (("GET".equals(request.method())) ? reads : writes).incrementAndGet();
  }

  @Override
  public void after(
      HttpRequest request,
      io.fabric8.kubernetes.client.http.HttpResponse<?> response,
      io.fabric8.kubernetes.client.http.AsyncBody.Consumer<java.util.List<java.nio.ByteBuffer>>
          consumer) {
    if ("GET".equals(request.method())) {
      read.computeIfAbsent(shape(request.uri().getPath()), k -> new AtomicLong()).incrementAndGet();
      return;
    }
    String shape = request.method() + " " + shape(request.uri().getPath());
    done.computeIfAbsent(shape, k -> new AtomicLong()).incrementAndGet();
    if (response.code() >= 300) {
      String key = request.method() + " " + response.code() + " " + shape(request.uri().getPath());
      failed.computeIfAbsent(key, k -> new AtomicLong()).incrementAndGet();
    }
  }

  private static String shape(String path) {
    return path.replaceAll("/[^/]*[0-9a-f]{8}-[^/]*", "/{id}")
        .replaceAll("cd-\\d+", "cd-N")
        .replaceAll("/nodes/[^/]+", "/nodes/{name}");
  }

  /** Every write so far, by method and path shape. */
  public java.util.Map<String, Long> byShape() {
    java.util.Map<String, Long> out = new java.util.TreeMap<>();
    done.forEach((k, v) -> out.put(k, v.get()));
    return out;
  }

  /** Every read so far (answered), by path shape. */
  public java.util.Map<String, Long> readsByShape() {
    java.util.Map<String, Long> out = new java.util.TreeMap<>();
    read.forEach((k, v) -> out.put(k, v.get()));
    return out;
  }

  /** The writes the server refused, by method, code and path shape. */
  public java.util.Map<String, Long> failures() {
    java.util.Map<String, Long> out = new java.util.TreeMap<>();
    failed.forEach((k, v) -> out.put(k, v.get()));
    return out;
  }

  public long writes() {
    return writes.get();
  }

  public long reads() {
    return reads.get();
  }
}
