package dev.gpudra.controllerkit.leaderelection;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The access check against an API server that answers {@code SelfSubjectAccessReview}s as a role
 * would: a role without {@code patch} on leases is said in {@link Leadership#problem()}, a Warning
 * Event on the Pod (once) and the metric; fixed, it clears at the next check; an API server that
 * cannot answer concludes nothing.
 */
@EnableKubernetesMockClient
class LeadershipIT {
  private static final LeaseElection LEASE = LeaseElection.defaults("53822513.nvidia.com", "ops");
  private static final Map<String, String> POD = Map.of("POD_NAME", "op-1", "POD_NAMESPACE", "ops");

  KubernetesMockServer server;
  KubernetesClient client;

  private final Set<String> allowed = ConcurrentHashMap.newKeySet();
  private final List<Event> events = new CopyOnWriteArrayList<>();
  private final PrometheusRegistry registry = new PrometheusRegistry();

  @BeforeEach
  void role() {
    allowed.addAll(List.of("get", "create", "update"));
    server
        .expect()
        .post()
        .withPath("/apis/authorization.k8s.io/v1/selfsubjectaccessreviews")
        .andReply(200, request -> review(request.getUtf8Body()))
        .always();
    server
        .expect()
        .post()
        .withPath("/api/v1/namespaces/ops/events")
        .andReply(
            201,
            request -> {
              Event event = Serialization.unmarshal(request.getUtf8Body(), Event.class);
              events.add(event);
              return event;
            })
        .always();
  }

  private Map<String, Object> review(String body) {
    @SuppressWarnings("unchecked")
    Map<String, Object> review = Serialization.unmarshal(body, Map.class);
    @SuppressWarnings("unchecked")
    Map<String, Object> attributes =
        (Map<String, Object>) ((Map<String, Object>) review.get("spec")).get("resourceAttributes");
    boolean ok =
        "leases".equals(attributes.get("resource"))
            && "coordination.k8s.io".equals(attributes.get("group"))
            && "ops".equals(attributes.get("namespace"))
            && allowed.contains((String) attributes.get("verb"));
    review.put("status", Map.of("allowed", ok));
    return review;
  }

  @Test
  @DisplayName(
      "a role without patch: readiness names the verb and the Lease, one Warning Event on the"
          + " Pod, the metric is 1; granted patch, all clear at the next check")
  void aRoleWithoutPatch() {
    try (Leadership leadership =
        Leadership.start(client, LEASE, Leadership.subject(LEASE, POD), "test", registry)) {
      assertThat(leadership.problem())
          .hasValueSatisfying(p ->
              assertThat(p)
                  .contains("denies this process's service account patch on leases")
                  .contains("Lease \"53822513.nvidia.com\" in namespace \"ops\""));
      assertThat(gauge("gpu_dra_leader_election_forbidden")).isEqualTo(1);
      assertThat(gauge("leader_election_master_status")).isZero();
      assertThat(events)
          .singleElement()
          .satisfies(e -> {
            assertThat(e.getType()).isEqualTo("Warning");
            assertThat(e.getReason()).isEqualTo("LeaderElectionForbidden");
            assertThat(e.getInvolvedObject().getKind()).isEqualTo("Pod");
            assertThat(e.getInvolvedObject().getName()).isEqualTo("op-1");
            assertThat(e.getMessage()).contains("patch");
          });

      leadership.check();
      assertThat(events).as("the same denial is recorded once").hasSize(1);

      allowed.add("patch");
      leadership.check();

      assertThat(leadership.problem()).isEmpty();
      assertThat(gauge("gpu_dra_leader_election_forbidden")).isZero();
    }
  }

  @Test
  @DisplayName("a role with get, create and patch: no problem, no Event")
  void aRoleThatRenews() {
    allowed.add("patch");
    try (Leadership leadership =
        Leadership.start(client, LEASE, Leadership.subject(LEASE, Map.of()), "test", registry)) {
      assertThat(leadership.problem()).isEmpty();
      assertThat(events).isEmpty();
    }
  }

  @Test
  @DisplayName("without a Pod name the Event is about the Lease")
  void eventOnTheLease() {
    try (Leadership leadership =
        Leadership.start(client, LEASE, Leadership.subject(LEASE, Map.of()), "test", registry)) {
      assertThat(events)
          .singleElement()
          .satisfies(e -> {
            assertThat(e.getInvolvedObject().getKind()).isEqualTo("Lease");
            assertThat(e.getInvolvedObject().getName()).isEqualTo("53822513.nvidia.com");
          });
    }
  }

  @Test
  @DisplayName("an API server that cannot answer the review: nothing concluded, no Event")
  void cannotAsk() {
    server.reset();
    try (Leadership leadership =
        Leadership.start(client, LEASE, Leadership.subject(LEASE, POD), "test", registry)) {
      assertThat(leadership.problem()).isEmpty();
      assertThat(gauge("gpu_dra_leader_election_forbidden")).isZero();
    }
  }

  private double gauge(String name) {
    return registry.scrape().stream()
        .filter(s -> s.getMetadata().getPrometheusName().equals(name))
        .map(s -> ((GaugeSnapshot) s).getDataPoints().getFirst().getValue())
        .findFirst()
        .orElseThrow();
  }
}
