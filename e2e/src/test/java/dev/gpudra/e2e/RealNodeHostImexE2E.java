package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.api.computedomain.ComputeDomain;
import dev.gpudra.api.computedomain.DomainStatus;
import dev.gpudra.realcluster.node.ChartPlugin;
import dev.gpudra.testsupport.driver.HostImexStandIn;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * NVIDIA's hostManaged IMEX under the real kubelet: our chart with {@code
 * resources.computeDomains.imex.mode=hostManaged} on a simulated GB200 tray, the admin's {@code
 * nvidia-imex} a stand-in control socket in the node's driver root. The plugin container asks it
 * through {@code chroot /driver-root nvidia-imex-ctl}; no daemon runs anywhere.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ResourceLock(RealNodeFixture.HOST)
class RealNodeHostImexE2E {
  private static final String NS = "default";

  private RealNodeFixture fixture;
  private NodePods pods;
  private KubernetesClient client;
  private HostImexStandIn host;

  @BeforeAll
  void start(@TempDir Path dir) throws InterruptedException, IOException {
    fixture =
        RealNodeFixture.start(
            dir,
            "gb200-nvl",
            List.of(
                "resources.computeDomains.enabled=true",
                "featureGates.HostManagedIMEXDaemon=true",
                "resources.computeDomains.imex.mode=hostManaged"));
    pods = fixture.pods();
    client = fixture.controlPlane().client();
    host = HostImexStandIn.install(fixture.node().layout().driverRoot());
  }

  @AfterAll
  void stop() {
    if (host != null) {
      host.close();
    }
    if (fixture != null) {
      pods.deleteAll();
      fixture.close();
    }
  }

  private List<String> events(String object) {
    return client.v1().events().inNamespace(NS).list().getItems().stream()
        .filter(e -> e.getInvolvedObject().getName().startsWith(object))
        .map(Event::getMessage)
        .toList();
  }

  @Test
  @DisplayName(
      "a domain is Ready with its Single-channel template and no daemons; its workload waits,"
          + " named by the kubelet's events, while the host's nvidia-imex is down, and gets"
          + " channel 0 once it is up; deleting the domain removes its template")
  void channelThroughTheHostDaemon() {
    assertThat(
            client.resources(DeviceClass.class).withName("compute-domain-daemon.nvidia.com").get())
        .isNull();
    await()
        .atMost(Duration.ofSeconds(60))
        .untilAsserted(() ->
            assertThat(client.resources(ResourceSlice.class).list().getItems())
                .filteredOn(s -> s.getSpec().getDriver().equals("compute-domain.nvidia.com"))
                .flatExtracting(s -> s.getSpec().getDevices())
                .extracting(d -> d.getName())
                .containsExactly("channel-0"));
    ComputeDomain domain = readyWithoutDaemons();

    Pod workload =
        pods.pod(
            "host-imex-worker",
            "ls /dev/nvidia-caps-imex-channels; echo channel-ok; sleep 600",
            "host-channel",
            null);
    client.resource(workload).create();
    await()
        .atMost(Duration.ofSeconds(90))
        .untilAsserted(() ->
            assertThat(events("host-imex-worker"))
                .anySatisfy(m ->
                    assertThat(m)
                        .contains(
                            "host nvidia-imex daemon readiness check failed", "UNAVAILABLE")));
    assertThat(pods.current(workload).getStatus().getPhase()).isEqualTo("Pending");

    host.start();
    Pod running = pods.awaitLogged(workload, "channel-ok");

    assertThat(pods.log(running)).contains("channel0");
    assertThat(new NodeDomains(client, NS).nodeLabel()).isNull();
    pods.delete(running);
    client.resource(domain).delete();
    await().atMost(Duration.ofSeconds(60)).until(this::domainAndTemplateGone);
  }

  /** A new domain, Ready with a Single-channel template, and no daemon DaemonSet. */
  private ComputeDomain readyWithoutDaemons() {
    ComputeDomain domain = new NodeDomains(client, NS).create("host");
    await()
        .atMost(Duration.ofSeconds(60))
        .untilAsserted(() -> {
          ComputeDomain now =
              client.resources(ComputeDomain.class).inNamespace(NS).withName("host").get();
          assertThat(now.getStatus()).isNotNull();
          assertThat(now.getStatus().status()).isEqualTo(DomainStatus.READY);
        });
    ResourceClaimTemplate template =
        client
            .resources(ResourceClaimTemplate.class)
            .inNamespace(NS)
            .withName("host-channel")
            .get();
    assertThat(Serialization.asJson(template.getSpec())).contains("\"allocationMode\":\"Single\"");
    assertThat(client.apps().daemonSets().inNamespace(ChartPlugin.NAMESPACE).list().getItems())
        .noneMatch(d -> d.getMetadata().getName().startsWith("computedomain-daemon"));

    return domain;
  }

  private boolean domainAndTemplateGone() {
    return client.resources(ComputeDomain.class).inNamespace(NS).withName("host").get() == null
        && client
                .resources(ResourceClaimTemplate.class)
                .inNamespace(NS)
                .withName("host-channel")
                .get()
            == null;
  }
}
