package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.gpudra.api.clusterpolicy.ClusterPolicy;
import dev.gpudra.controllerkit.leaderelection.Leadership;
import dev.gpudra.controllerkit.leaderelection.LeaseElection;
import dev.gpudra.localcluster.operator.PolicyScenario;
import dev.gpudra.operator.metrics.OperatorMetrics;
import dev.gpudra.operator.reconcile.ClusterPolicyOperator;
import dev.gpudra.operator.reconcile.LeaderLease;
import dev.gpudra.operator.reconcile.OperatorSettings;
import dev.gpudra.operator.uninstall.PolicyUninstall;
import dev.gpudra.realcluster.controlplane.ControlPlaneProcess;
import dev.gpudra.realcluster.node.Helm;
import dev.gpudra.realcluster.node.RealNodeUnavailableException;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The operator's chart ({@code deployments/helm/gpu-operator}) with a real helm on the real API
 * server: lint, refused values, install (CRDs, RBAC without wildcards, the operator Deployment, the
 * ClusterPolicy from the values), then the operator run in the test's JVM as the chart's service
 * account, elected over NVIDIA's Lease and renewing it past the lease's duration: its RBAC is
 * enough to label a GPU node, apply every operand of the DRA stack and every one of NVIDIA's images
 * the chart enables (driver, toolkit, validators, DCGM, exporter, GFD, MIG manager, node-status
 * exporter) and write the status (no node runs the operator's pod here).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OperatorChartE2E {
  private static final String NS = "gpu-operator";

  private ControlPlaneProcess controlPlane;
  private Helm helm;
  private Path chart;

  @BeforeAll
  void start(@TempDir Path dir) throws InterruptedException {
    Path binary = RealControlPlane.binaryOrSkip();
    try {
      helm =
          new Helm(
              Helm.locate(RealControlPlane.checkout(), System.err::println),
              dir.resolve("cp/kubeconfig"));
    } catch (RealNodeUnavailableException e) {
      System.err.println("operator chart E2E skipped: " + e.getMessage());
      Assumptions.abort(e.getMessage());
    }
    controlPlane = ControlPlaneProcess.start(binary, dir.resolve("cp"), Duration.ofSeconds(120));
    chart = RealControlPlane.checkout().resolve("deployments/helm/gpu-operator");
  }

  @AfterAll
  void stop() {
    if (controlPlane != null) {
      controlPlane.close();
    }
  }

  @Test
  @DisplayName(
      "helm lint and install; the chart's service account runs the operator through a GPU node's"
          + " DRA stack with no permission missing and no wildcard")
  void installsAndItsRbacRunsTheOperator() throws InterruptedException {
    KubernetesClient client = controlPlane.client();
    lintAndTemplate();

    installEveryOperand();

    installedOperator(client);

    client.resource(PolicyScenario.gpuNode("gpu-a", true)).create();
    LeaseElection lease = new LeaderLease(NS, Optional.empty()).election();
    AtomicInteger lost = new AtomicInteger();
    try (KubernetesClient asChart = asServiceAccount(client);
        Leadership leadership =
            Leadership.start(
                asChart,
                lease,
                Leadership.subject(lease, Map.of()),
                "gpu-operator",
                new OperatorMetrics().registry());
        ClusterPolicyOperator operator =
            ClusterPolicyOperator.start(
                asChart,
                new OperatorSettings(NS, "gpu-dra:e2e"),
                Optional.of(leadership),
                new OperatorMetrics(),
                lost::incrementAndGet)) {
      assertThat(leadership.problem()).as("the chart's Role lets it renew its Lease").isEmpty();
      operandsUp(client);

      keptItsLease(client, lease, lost, leadership);

      uninstallAsTheChart(client, asChart);
    }

    // no kubelet here runs the hook's Job: its step ran above
    helm.run("uninstall", "gpu-operator", "--namespace", NS, "--no-hooks");
    await()
        .atMost(Duration.ofSeconds(60))
        .until(() ->
            client.apps().deployments().inNamespace(NS).withName("gpu-operator").get() == null);
  }

  /** helm lint, a value the chart refuses, and the rendered RBAC and pre-delete hook. */
  private void lintAndTemplate() {
    assertThat(helm.run("lint", "--strict", chart.toString())).contains("0 chart(s) failed");
    assertThatThrownBy(() ->
            helm.run(
                "template",
                "gpu-operator",
                chart.toString(),
                "--kube-version",
                "1.35.0",
                "--set",
                "gpuCluster.deployCR=true"))
        .as("NVIDIA's rule, at install")
        .hasMessageContaining("may not exist at the same time");
    String rendered =
        helm.run("template", "gpu-operator", chart.toString(), "--kube-version", "1.35.0");
    assertThat(Pattern.compile("verbs:.*\\*").matcher(rendered).find()).isFalse();
    assertThat(rendered)
        .as("the pre-delete step that takes the nodes off the DRA driver before the operator goes")
        .contains(
            "name: gpu-operator-uninstall",
            "helm.sh/hook: pre-delete",
            "args: [\"operator\", \"uninstall\", \"--timeout=4m\"]");
  }

  /** Every NVIDIA operand on, with the chart's NVIDIA images: their roles and objects too. */
  private void installEveryOperand() {
    helm.run(
        "install",
        "gpu-operator",
        chart.toString(),
        "--namespace",
        NS,
        "--create-namespace",
        "--set",
        "operator.version=e2e",
        "--set",
        // every NVIDIA operand on, with the chart's NVIDIA images: their roles and objects too
        "driver.enabled=true,toolkit.enabled=true,dcgm.enabled=true,dcgmExporter.enabled=true,"
            + "dcgmExporter.enablePodLabels=true,gfd.enabled=true,nodeStatusExporter.enabled=true,"
            + "migManager.enabled=true,migration.draNodes=all,dcgmExporter.serviceMonitor.enabled=false");
  }

  /** The operator's Deployment with NVIDIA's flags, and the chart's default ClusterPolicy. */
  private static void installedOperator(KubernetesClient client) {
    Deployment deployment =
        client.apps().deployments().inNamespace(NS).withName("gpu-operator").get();
    var container = deployment.getSpec().getTemplate().getSpec().getContainers().getFirst();
    assertThat(container.getImage()).isEqualTo("gpu-dra:e2e");
    assertThat(container.getArgs())
        .as("NVIDIA's flags, from operator.leaderElection and operator.logging")
        .containsExactly(
            "operator", "--leader-elect", "--zap-time-encoding=epoch", "--zap-log-level=info");
    ClusterPolicy policy = client.resources(ClusterPolicy.class).withName("cluster-policy").get();
    assertThat(policy.getSpec().draDriver()).isNotNull();
    assertThat(policy.getSpec().driver().enabledOrDefault()).isTrue();
    assertThat(policy.getSpec().validator().containerImage().reference())
        .hasValue("nvcr.io/nvidia/gpu-operator:v26.7.0");
  }

  /** The node joins the DRA driver and every NVIDIA operand runs; no write was refused. */
  private static void operandsUp(KubernetesClient client) {
    await()
        .atMost(Duration.ofSeconds(60))
        .untilAsserted(() -> {
          assertThat(client.nodes().withName("gpu-a").get().getMetadata().getLabels())
              .containsEntry("nvidia.com/gpu.deploy.dra-driver", "true");
          assertThat(
                  client
                      .apps()
                      .deployments()
                      .inNamespace(NS)
                      .withName("nvidia-dra-driver-controller")
                      .get())
              .isNotNull();
          assertThat(
                  client
                      .apps()
                      .daemonSets()
                      .inNamespace(NS)
                      .withName("nvidia-dra-driver-kubelet-plugin")
                      .get())
              .isNotNull();
          assertThat(client.apps().daemonSets().inNamespace(NS).list().getItems())
              .as("NVIDIA's operands, from the chart's images")
              .extracting(d -> d.getMetadata().getName())
              .contains(
                  "nvidia-driver-daemonset",
                  "nvidia-container-toolkit-daemonset",
                  "nvidia-operator-validator",
                  "nvidia-dra-validator",
                  "nvidia-dcgm",
                  "nvidia-dcgm-exporter",
                  "gpu-feature-discovery",
                  "nvidia-mig-manager",
                  "nvidia-node-status-exporter");
          var status =
              client.resources(ClusterPolicy.class).withName("cluster-policy").get().getStatus();
          assertThat(status).isNotNull();
          assertThat(status.conditions())
              .as("no ReconcileFailed: every write was allowed")
              .noneSatisfy(c -> assertThat(c.getReason()).isEqualTo("ReconcileFailed"))
              .anySatisfy(c -> assertThat(c.getReason()).isEqualTo("OperandNotReady"));
        });
  }

  /**
   * Past the lease's duration, the holder has renewed it as the chart's account (a Role without
   * patch on leases took it once and then lost it: issue 34).
   */
  private static void keptItsLease(
      KubernetesClient client, LeaseElection lease, AtomicInteger lost, Leadership leadership) {
    Lease held = client.leases().inNamespace(NS).withName(LeaderLease.NAME).get();
    Instant first = held.getSpec().getRenewTime().toInstant();
    await()
        .atMost(Duration.ofSeconds(60))
        .until(() ->
            client
                .leases()
                .inNamespace(NS)
                .withName(LeaderLease.NAME)
                .get()
                .getSpec()
                .getRenewTime()
                .toInstant()
                .isAfter(first.plus(lease.leaseDuration())));
    assertThat(client.leases().inNamespace(NS).withName(LeaderLease.NAME).get())
        .extracting(l -> l.getSpec().getHolderIdentity())
        .isEqualTo(held.getSpec().getHolderIdentity());
    assertThat(lost).as("never lost its Lease").hasValue(0);
    assertThat(leadership.leading()).isTrue();
  }

  /**
   * The pre-delete step as the chart's account, while its operator runs: the policy is deleted, its
   * node leaves the DRA driver (no driver pod runs here), and it is gone.
   */
  private static void uninstallAsTheChart(KubernetesClient client, KubernetesClient asChart)
      throws InterruptedException {
    List<String> progress = new CopyOnWriteArrayList<>();
    assertThat(
            new PolicyUninstall(asChart, Clock.systemUTC(), progress::add)
                .run(Duration.ofSeconds(60)))
        .as("what was left; on the way: %s", progress)
        .isEmpty();
    assertThat(progress).contains("ClusterPolicy cluster-policy: deleted");
    assertThat(client.resources(ClusterPolicy.class).withName("cluster-policy").get()).isNull();
  }

  private static KubernetesClient asServiceAccount(KubernetesClient admin) {
    return new KubernetesClientBuilder()
        .withConfig(
            new ConfigBuilder(admin.getConfiguration())
                .withImpersonateUsername("system:serviceaccount:" + NS + ":gpu-operator")
                .withImpersonateGroups(
                    "system:serviceaccounts",
                    "system:serviceaccounts:" + NS,
                    "system:authenticated")
                .build())
        .build();
  }
}
