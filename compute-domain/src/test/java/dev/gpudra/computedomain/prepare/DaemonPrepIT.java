package dev.gpudra.computedomain.prepare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.api.computedomain.ChannelAllocationMode;
import dev.gpudra.api.computedomain.ComputeDomain;
import dev.gpudra.computedomain.checkpoint.DomainTarget;
import dev.gpudra.computedomain.node.SimulatedImexDevices;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A daemon claim's preparation against an API server that serves a ComputeDomain whose UID is no
 * UUID (a real API server never does; a forged or compromised one might): defence in depth below
 * the config check, since the UID becomes the domain's directory.
 */
class DaemonPrepIT {
  private static final String ESCAPING = "../../../escape";

  @TempDir Path root;
  private final KubernetesMockServer server = new KubernetesMockServer(false);
  private KubernetesClient client;

  @BeforeEach
  void serveForgedDomain() {
    server.init();
    ComputeDomain forged =
        new ComputeDomain(
            new ObjectMetaBuilder()
                .withNamespace("team-a")
                .withName("forged")
                .withUid(ESCAPING)
                .build(),
            null,
            null);
    client = server.createClient();
    String list =
        "{\"apiVersion\":\"resource.nvidia.com/v1beta1\",\"kind\":\"ComputeDomainList\","
            + "\"metadata\":{},\"items\":["
            + client.getKubernetesSerialization().asJson(forged)
            + "]}";
    server
        .expect()
        .get()
        .withPath("/apis/resource.nvidia.com/v1beta1/computedomains")
        .andReturn(200, list)
        .always();
  }

  @AfterEach
  void stop() {
    client.close();
    server.destroy();
  }

  @Test
  @DisplayName(
      "a served ComputeDomain UID with ../ never becomes a directory: prepare refuses it naming"
          + " domainID, and nothing is written outside the domains directory")
  void forgedDomainUidWritesNothing() throws IOException {
    Path domains = root.resolve("plugins/compute-domain.nvidia.com/domains");
    DaemonPrep prep =
        new DaemonPrep(
            new DomainApi(client, "gpu-dra"),
            domains,
            new SimulatedImexDevices(),
            dev.gpudra.computedomain.clique.NodeClique.fixed("clique-1"));
    DomainRequest request =
        new DomainRequest(
            "4b1d3c9e-7f6a-4e2b-9c8d-0a1b2c3d4e5f",
            "gpu-dra",
            "daemon-claim",
            "node-a",
            DomainRequests.DAEMON_DEVICE,
            List.of("daemon"),
            DomainTarget.DAEMON,
            ESCAPING,
            ChannelAllocationMode.SINGLE);
    assertThat(new DomainApi(client, "gpu-dra").findAnywhere(ESCAPING))
        .as("the forged domain is served")
        .isPresent();

    assertThatThrownBy(() -> prep.prepare(request))
        .isInstanceOf(DomainClaimException.class)
        .hasMessageContaining("claim gpu-dra/daemon-claim: domainID \"../../../escape\"")
        .hasMessageContaining("is not a Kubernetes UID");

    assertThat(domains.resolve(ESCAPING).normalize()).doesNotExist();
    try (Stream<Path> files = Files.walk(root)) {
      assertThat(files.filter(Files::isRegularFile)).isEmpty();
    }
  }
}
