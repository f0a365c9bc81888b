package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.api.clusterpolicy.ClusterPolicy;
import dev.gpudra.api.crds.ClusterPolicyCrds;
import dev.gpudra.controllerkit.leaderelection.Leadership;
import dev.gpudra.controllerkit.leaderelection.LeaseElection;
import dev.gpudra.localcluster.operator.PolicyScenario;
import dev.gpudra.operator.metrics.OperatorMetrics;
import dev.gpudra.operator.reconcile.ClusterPolicyOperator;
import dev.gpudra.operator.reconcile.LeaderLease;
import dev.gpudra.operator.reconcile.OperatorSettings;
import dev.gpudra.realcluster.controlplane.ControlPlaneProcess;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.api.model.rbac.RoleBindingBuilder;
import io.fabric8.kubernetes.api.model.rbac.RoleBuilder;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two operators with NVIDIA's leader election on the real control plane: only the holder of the
 * Lease {@code 53822513.nvidia.com} reconciles; when it stops, the other takes the Lease and goes
 * on; stopping is not a lost lease. A role that cannot renew the Lease is said in the access check
 * and a Warning Event.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OperatorLeaderElectionE2E {
  private static final String NS = PolicyScenario.NAMESPACE;

  private ControlPlaneProcess controlPlane;
  private KubernetesClient client;
  private final List<Leadership> leaderships = new CopyOnWriteArrayList<>();

  @BeforeAll
  void start(@TempDir Path dir) throws InterruptedException, IOException {
    controlPlane =
        ControlPlaneProcess.start(
            RealControlPlane.binaryOrSkip(), dir.resolve("cp"), Duration.ofSeconds(120));
    client = controlPlane.client();
    CrdInstall.install(client, ClusterPolicyCrds.all());
    client
        .resource(new NamespaceBuilder().withNewMetadata().withName(NS).endMetadata().build())
        .create();
    client.resource(PolicyScenario.gpuNode("gpu-a", false)).create();
    client.resource(PolicyScenario.policy()).create();
  }

  @AfterAll
  void stop() {
    leaderships.forEach(Leadership::close);
    if (controlPlane != null) {
      controlPlane.close();
    }
  }

  @Test
  @DisplayName(
      "only the Lease's holder reconciles; when it stops the other takes over, and neither"
          + " reports a lost lease")
  void oneActsTheOtherTakesOver() {
    AtomicInteger lost = new AtomicInteger();
    OperatorMetrics firstMetrics = new OperatorMetrics();
    OperatorMetrics secondMetrics = new OperatorMetrics();
    ClusterPolicyOperator first = elected(firstMetrics, lost);
    String holder = awaitHolder();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> reconciliations(firstMetrics) > 0 && policy().getStatus() != null);

    try (ClusterPolicyOperator second = elected(secondMetrics, lost)) {
      await().pollDelay(Duration.ofSeconds(4)).atMost(Duration.ofSeconds(5)).until(() -> true);
      assertThat(lease().getSpec().getHolderIdentity()).isEqualTo(holder);
      assertThat(reconciliations(secondMetrics)).as("the follower never reconciles").isZero();

      first.close();

      await()
          .atMost(Duration.ofSeconds(40))
          .untilAsserted(() -> {
            assertThat(lease().getSpec().getHolderIdentity()).isNotEqualTo(holder);
            assertThat(reconciliations(secondMetrics)).isPositive();
          });
    }
    assertThat(lost).as("stopping is not losing the lease").hasValue(0);
  }

  private ClusterPolicyOperator elected(OperatorMetrics metrics, AtomicInteger lost) {
    LeaseElection lease = new LeaderLease(NS, Optional.empty()).election();
    Leadership leadership =
        Leadership.start(
            client, lease, Leadership.subject(lease, Map.of()), "test", metrics.registry());
    leaderships.add(leadership);
    return ClusterPolicyOperator.start(
        client,
        new OperatorSettings(NS, "gpu-dra:e2e"),
        Optional.of(leadership),
        metrics,
        lost::incrementAndGet);
  }

  /**
   * User {@code no-patch-operator} may get, create and update leases and create events, but not
   * patch a lease: fabric8's lock takes the Lease once and cannot renew it.
   */
  private void roleWithoutPatch() {
    client
        .resource(
            new RoleBuilder()
                .withNewMetadata()
                .withName("no-patch")
                .withNamespace(NS)
                .endMetadata()
                .addNewRule()
                .withApiGroups("coordination.k8s.io")
                .withResources("leases")
                .withVerbs("get", "create", "update")
                .endRule()
                .addNewRule()
                .withApiGroups("")
                .withResources("events")
                .withVerbs("create")
                .endRule()
                .build())
        .create();
    client
        .resource(
            new RoleBindingBuilder()
                .withNewMetadata()
                .withName("no-patch")
                .withNamespace(NS)
                .endMetadata()
                .withNewRoleRef("rbac.authorization.k8s.io", "Role", "no-patch")
                .addNewSubject()
                .withKind("User")
                .withName("no-patch-operator")
                .endSubject()
                .build())
        .create();
  }

  @Test
  @DisplayName(
      "a Role without patch on leases (it leads once, then cannot renew): the access check names"
          + " the verb and a Warning Event says so on the API server")
  void aRoleThatCannotRenewIsSaidLoudly() {
    roleWithoutPatch();
    LeaseElection lease =
        new LeaseElection(
            "no-patch", NS, Duration.ofSeconds(15), Duration.ofSeconds(10), Duration.ofSeconds(2));
    try (KubernetesClient asUser =
            new KubernetesClientBuilder()
                .withConfig(
                    new ConfigBuilder(client.getConfiguration())
                        .withImpersonateUsername("no-patch-operator")
                        .withImpersonateGroups("system:authenticated")
                        .build())
                .build();
        Leadership leadership =
            Leadership.start(
                asUser,
                lease,
                Leadership.subject(lease, Map.of("POD_NAME", "operator-0")),
                "gpu-operator",
                new OperatorMetrics().registry())) {
      assertThat(leadership.problem())
          .hasValueSatisfying(p -> assertThat(p).contains("service account patch on leases"));
      await()
          .atMost(Duration.ofSeconds(10))
          .untilAsserted(() ->
              assertThat(client.v1().events().inNamespace(NS).list().getItems())
                  .anySatisfy(e -> {
                    assertThat(e.getReason()).isEqualTo("LeaderElectionForbidden");
                    assertThat(e.getType()).isEqualTo("Warning");
                    assertThat(e.getInvolvedObject().getName()).isEqualTo("operator-0");
                  }));
    }
  }

  private String awaitHolder() {
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> lease() != null && lease().getSpec().getHolderIdentity() != null);
    return lease().getSpec().getHolderIdentity();
  }

  private Lease lease() {
    return client.leases().inNamespace(NS).withName(LeaderLease.NAME).get();
  }

  private ClusterPolicy policy() {
    return client.resources(ClusterPolicy.class).withName("cluster-policy").get();
  }

  private static double reconciliations(OperatorMetrics metrics) {
    return metrics.registry().scrape().stream()
        .filter(s -> s instanceof CounterSnapshot)
        .filter(s -> s.getMetadata().getPrometheusName().equals("gpu_operator_reconciliation"))
        .map(s -> ((CounterSnapshot) s).getDataPoints().getFirst().getValue())
        .findFirst()
        .orElseThrow();
  }
}
