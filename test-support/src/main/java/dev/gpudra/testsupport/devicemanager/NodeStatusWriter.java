package dev.gpudra.testsupport.devicemanager;

import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands each resource's counts to the {@link ResourceListener} on a thread of its own, so a slow
 * listener (an API server write) never holds up a plugin's stream or its Register call.
 */
final class NodeStatusWriter implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(NodeStatusWriter.class);

  private final ResourceListener listener;
  private final Map<String, PluginEndpoint> endpoints;
  private final ExecutorService thread =
      Executors.newSingleThreadExecutor(
          r -> Thread.ofPlatform().daemon().name("device-manager-status").unstarted(r));

  NodeStatusWriter(ResourceListener listener, Map<String, PluginEndpoint> endpoints) {
    this.listener = listener;
    this.endpoints = endpoints;
  }

  /** The resource's devices changed: its current counts go to the listener. */
  void changed(String resource) {
    try {
      thread.execute(() -> write(resource));
    } catch (RejectedExecutionException e) {
      // closing: the counts are no longer ours to hand on
    }
  }

  private void write(String resource) {
    PluginEndpoint endpoint = endpoints.get(resource);
    if (endpoint == null) {
      return;
    }
    try {
      listener.changed(resource, endpoint.all().size(), endpoint.healthy().size());
    } catch (RuntimeException e) {
      if (!thread.isShutdown()) {
        // the next list or registration hands the counts on again
        log.warn("the listener refused {}'s counts", resource, e);
      }
    }
  }

  @Override
  public void close() {
    thread.shutdownNow();
    try {
      thread.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
