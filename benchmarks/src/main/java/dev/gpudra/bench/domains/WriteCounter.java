package dev.gpudra.bench.domains;

import io.fabric8.kubernetes.client.http.BasicBuilder;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.Interceptor;
import java.util.concurrent.atomic.AtomicLong;

/** Counts the API writes (every request but GET) of one client, e.g. the controller's. */
final class WriteCounter implements Interceptor {
  private final AtomicLong writes = new AtomicLong();
  private final AtomicLong reads = new AtomicLong();

  @Override
  public void before(BasicBuilder builder, HttpRequest request, RequestTags tags) {
    (("GET".equals(request.method())) ? reads : writes).incrementAndGet();
  }

  long writes() {
    return writes.get();
  }

  long reads() {
    return reads.get();
  }
}
