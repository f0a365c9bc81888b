package dev.gpudra.cli;

import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.http.BasicBuilder;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.Interceptor;

/** Holds every API request until the {@link TokenBucket} lets it go. */
final class RateLimitInterceptor implements Interceptor {
  static final String NAME = "gpu-dra-api-rate-limit";

  private final TokenBucket bucket;

  RateLimitInterceptor(TokenBucket bucket) {
    this.bucket = bucket;
  }

  @Override
  public void before(BasicBuilder builder, HttpRequest request, RequestTags tags) {
    try {
      bucket.acquire();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KubernetesClientException("interrupted waiting for the API rate limit", e);
    }
  }
}
