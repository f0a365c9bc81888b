package dev.gpudra.computedomain.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.api.computedomain.ComputeDomainClique;
import dev.gpudra.api.computedomain.ComputeDomainCrds;
import dev.gpudra.api.computedomain.ComputeDomainDaemon;
import dev.gpudra.api.computedomain.DomainStatus;
import dev.gpudra.computedomain.clique.CliqueMembership;
import dev.gpudra.computedomain.clique.DaemonIdentity;
import dev.gpudra.computedomain.imex.ImexConfigFile;
import dev.gpudra.computedomain.imex.ImexProcess;
import dev.gpudra.computedomain.imex.ImexReadiness;
import dev.gpudra.kit.process.Signals;
import dev.gpudra.localcluster.api.LocalApiServer;
import dev.gpudra.testsupport.driver.ImexStandIn;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A daemon's loop against the in-process API server with the CRDs, the IMEX stand-ins running for
 * real: /etc/hosts follows the clique, IMEX is started once and told to re-resolve, and the
 * daemon's entry follows its pod's readiness.
 */
class DaemonLoopIT {
  private static final String NS = "gpu-dra";
  private static final String DOMAIN = "5b9c0d1e-0000-4000-8000-000000000001";
  private static final String CLIQUE = "9c6f5af3-53bf-49b5-a436-b66766c413c3.4026";

  @TempDir Path dir;
  private LocalApiServer api;
  private KubernetesClient client;
  private ImexProcess imex;
  private Path imexd;
  private Path hosts;

  @BeforeEach
  void start() throws IOException {
    api = new LocalApiServer().start();
    client = api.client();
    ComputeDomainCrds.all().forEach(crd -> client.resource(crd).create());
    Path program = ImexStandIn.install(dir.resolve("driver-root"));
    imexd = Files.createDirectories(dir.resolve("imexd"));
    Files.writeString(imexd.resolve(ImexConfigFile.TEMPLATE), ImexConfigFile.template());
    hosts = Files.writeString(dir.resolve("hosts"), "127.0.0.1\tlocalhost\n");
    imex = new ImexProcess(program, imexd.resolve(ImexConfigFile.CONFIG), new Signals());
  }

  @AfterEach
  void stop() {
    imex.close();
    api.close();
  }

  private CliqueMembership member(String node) {
    return new CliqueMembership(
        client,
        new DaemonIdentity(
            NS,
            DOMAIN,
            CLIQUE,
            node,
            "10.0.0." + node.charAt(node.length() - 1),
            "pod-" + node,
            "uid-" + node),
        18);
  }

  private ComputeDomainDaemon entry(String node) {
    return client
        .resources(ComputeDomainClique.class)
        .inNamespace(NS)
        .withName(DOMAIN + "." + CLIQUE)
        .get()
        .getDaemons()
        .stream()
        .filter(d -> d.nodeName().equals(node))
        .findFirst()
        .orElseThrow();
  }

  @Test
  @DisplayName(
      "DNS-names mode: the clique's addresses in /etc/hosts, IMEX started once and sent SIGUSR1"
          + " when a node joins, the daemon's entry Ready once its pod is")
  void dnsNamesMode() throws IOException {
    CliqueMembership me = member("node-1");
    me.join();
    AtomicBoolean ready = new AtomicBoolean();
    DaemonLoop loop = new DaemonLoop(new DaemonFiles(imexd, hosts, true, 18), me, imex, ready::get);
    loop.prepare("10.0.0.1");

    loop.pass();
    loop.pass();

    assertThat(Files.readString(imexd.resolve("imexd.cfg")))
        .contains("IMEX_CMD_BIND_INTERFACE_IP=10.0.0.1");
    assertThat(Files.readString(imexd.resolve("nodes.cfg")).lines()).hasSize(18);
    assertThat(Files.readString(hosts))
        .isEqualTo(
            "127.0.0.1\tlocalhost\n# Compute Domain Daemon mappings\n10.0.0.1\tcompute-domain-daemon-0000\n");
    assertThat(imex.starts()).isEqualTo(1);
    await()
        .atMost(Duration.ofSeconds(5))
        .until(() ->
            new ImexReadiness(
                    imexd.resolveSibling("driver-root/usr/bin/nvidia-imex-ctl"),
                    imexd.resolve("imexd.cfg"))
                .ready());
    assertThat(entry("node-1").status()).isEqualTo(DomainStatus.NOT_READY);

    member("node-2").join();
    ready.set(true);
    loop.pass();

    assertThat(Files.readString(hosts))
        .endsWith("10.0.0.1\tcompute-domain-daemon-0000\n10.0.0.2\tcompute-domain-daemon-0001\n");
    assertThat(imex.starts()).isEqualTo(1);
    await()
        .atMost(Duration.ofSeconds(5))
        .until(() ->
            Files.exists(imexd.resolve("imex.usr1"))
                && Files.readString(imexd.resolve("imex.usr1")).strip().equals("1"));
    assertThat(entry("node-1").status()).isEqualTo(DomainStatus.READY);
  }

  @Test
  @DisplayName("IP mode: nodes.cfg lists the peers' IPs, and IMEX is restarted when they change")
  void ipMode() throws IOException {
    CliqueMembership me = member("node-1");
    me.join();
    DaemonLoop loop =
        new DaemonLoop(new DaemonFiles(imexd, hosts, false, 18), me, imex, () -> false);
    loop.prepare("10.0.0.1");
    loop.pass();

    member("node-2").join();
    loop.pass();

    assertThat(Files.readString(imexd.resolve("nodes.cfg"))).isEqualTo("10.0.0.1\n10.0.0.2\n");
    assertThat(imex.starts()).isEqualTo(2);
    assertThat(Files.readString(hosts)).isEqualTo("127.0.0.1\tlocalhost\n");
  }
}
