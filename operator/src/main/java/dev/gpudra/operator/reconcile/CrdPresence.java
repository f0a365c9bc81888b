package dev.gpudra.operator.reconcile;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether a CRD is installed, asked at most once per {@link #TTL} (a reconcile asks often; a CRD
 * comes and goes rarely): prometheus-operator's ServiceMonitor, which NVIDIA's operator writes only
 * where it is.
 */
final class CrdPresence {
  static final Duration TTL = Duration.ofMinutes(1);
  static final String SERVICE_MONITORS = "servicemonitors.monitoring.coreos.com";

  private static final Logger log = LoggerFactory.getLogger(CrdPresence.class);

  private final KubernetesClient client;
  private final String name;
  private final Clock clock;
  private Instant asked = Instant.MIN;
  private boolean installed;

  CrdPresence(KubernetesClient client, String name, Clock clock) {
    this.client = Objects.requireNonNull(client, "client");
    this.name = Objects.requireNonNull(name, "name");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /** Whether the CRD is installed, as last asked; a failed question keeps the last answer. */
  synchronized boolean installed() {
    Instant now = clock.instant();
    if (asked.plus(TTL).isBefore(now)) {
      try {
        boolean was = installed;
        installed =
            client.apiextensions().v1().customResourceDefinitions().withName(name).get() != null;
        if (was != installed || asked == Instant.MIN) {
          log.info("CRD {} {}", name, installed ? "is installed" : "is not installed");
        }
        asked = now;
      } catch (KubernetesClientException e) {
        log.warn("cannot tell whether CRD {} is installed: {}", name, e.getMessage());
      }
    }
    return installed;
  }
}
