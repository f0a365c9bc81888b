package dev.gpudra.computedomain.plugin;

import static dev.gpudra.computedomain.plugin.DomainNode.DRIVER;
import static dev.gpudra.computedomain.plugin.DomainNode.NODE;
import static dev.gpudra.computedomain.plugin.DomainNode.channelConfig;
import static dev.gpudra.computedomain.plugin.DomainNode.daemonConfig;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gpudra.api.computedomain.ComputeDomain;
import dev.gpudra.api.computedomain.DomainStatus;
import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.PreparedDevice;
import io.fabric8.kubernetes.api.model.resource.v1.AllocatedDeviceStatus;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The compute-domain plugin on a simulated GB200 node, driven by the kubelet stand-in. */
class ComputeDomainPluginIT {
  private static final String CLIQUE = "4c3d2b1a-5e6f-4a7b-8c9d-0e1f2a3b4c5d.32766";

  @TempDir Path root;
  private DomainNode node;

  @AfterEach
  void stop() {
    if (node != null) {
      node.close();
    }
  }

  @Test
  @DisplayName("registers, reads the node's clique from NVML and publishes channel-0 and daemon-0")
  void publishesTwoDevices() {
    node = DomainNode.start(root, "gb200-nvl");

    assertThat(node.plugin().cliqueId()).isEqualTo(CLIQUE);
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(() -> {
          List<ResourceSlice> slices = node.client.resources(ResourceSlice.class).list().getItems();
          assertThat(slices).hasSize(1);
          assertThat(slices.get(0).getSpec().getDriver()).isEqualTo(DRIVER);
          assertThat(slices.get(0).getSpec().getDevices())
              .extracting(d ->
                  d.getName()
                      + " "
                      + d.getAttributes().get("type").getString()
                      + " "
                      + d.getAttributes().get("id").getInt())
              .containsExactly("channel-0 channel 0", "daemon-0 daemon 0");
        });
    assertThat(node.cdi("k8s.compute-domain.nvidia.com-device_base.yaml"))
        .content()
        .contains(
            "kind: \"k8s.compute-domain.nvidia.com/device\"",
            "name: \"all\"",
            "NVIDIA_VISIBLE_DEVICES=void");
  }

  @Test
  @DisplayName(
      "a daemon claim gets the domain's directory at /imexd, its environment and the"
          + " fabric-imex-mgmt capability")
  void preparesDaemon() throws Exception {
    node = DomainNode.start(root, "gb200-nvl");
    ComputeDomain domain = node.domain("team-a", "nvl");
    String uid = domain.getMetadata().getUid();
    ClaimRef claim =
        node.claim(DomainNode.DRIVER_NS, "daemon-claim", "daemon-0", daemonConfig(domain));

    PrepareResult result = node.prepare(claim).get(claim.uid());

    assertThat(result.error()).isEmpty();
    assertThat(result.devices())
        .containsExactly(
            new PreparedDevice(
                List.of("daemon"),
                NODE,
                "daemon-0",
                List.of(
                    "k8s.compute-domain.nvidia.com/device=all",
                    "k8s.compute-domain.nvidia.com/claim=" + claim.uid() + "-daemon-0"),
                Optional.empty()));
    Path dir = node.dataDir().resolve("domains").resolve(uid);
    assertThat(dir.resolve("imexd.cfg.tmpl")).content().contains("IMEX_CMD_PORT=50005");
    assertThat(node.cdi("k8s.compute-domain.nvidia.com-claim_" + claim.uid() + ".yaml"))
        .content()
        .contains(
            "CLIQUE_ID=" + CLIQUE,
            "COMPUTE_DOMAIN_UUID=" + uid,
            "COMPUTE_DOMAIN_NAME=nvl",
            "COMPUTE_DOMAIN_NAMESPACE=team-a",
            "hostPath: \"" + dir + "\"",
            "containerPath: \"/imexd\"",
            "path: \"/dev/nvidia-caps/nvidia-cap1\"");
    assertThat(node.nodeLabel()).as("a daemon claim labels nothing").isEmpty();
    String metrics =
        java.net.http.HttpClient.newHttpClient()
            .send(
                java.net.http.HttpRequest.newBuilder(
                        java.net.URI.create(
                            "http://127.0.0.1:"
                                + node.plugin().metricsPort().orElseThrow()
                                + "/metrics"))
                    .build(),
                java.net.http.HttpResponse.BodyHandlers.ofString())
            .body();
    assertThat(metrics)
        .contains(
            "nvidia_dra_requests_total{driver=\"compute-domain.nvidia.com\",operation=\"prepare\"} 1.0")
        .containsPattern("nvidia_dra_prepared_devices\\{[^}]*device_type=\"daemon\"[^}]*\\} 1");

    assertThat(node.unprepare(claim).get(claim.uid()).error()).isEmpty();
    assertThat(node.cdi("k8s.compute-domain.nvidia.com-claim_" + claim.uid() + ".yaml"))
        .doesNotExist();
  }

  @Test
  @DisplayName(
      "a channel claim labels the node, fails retryably until this node's daemon is Ready,"
          + " then gets channel 0; unprepare removes label, spec and checkpoint entry")
  void preparesChannel() {
    node = DomainNode.start(root, "gb200-nvl");
    ComputeDomain domain = node.domain("team-a", "nvl");
    ClaimRef claim =
        node.claim("team-a", "worker-0-channel", "channel-0", channelConfig(domain, null));

    PrepareResult early = node.prepare(claim).get(claim.uid());

    assertThat(early.error())
        .contains(
            "team-a/worker-0-channel",
            "current node not ready in ComputeDomain team-a/nvl",
            "the kubelet retries");
    assertThat(node.nodeLabel()).contains(domain.getMetadata().getUid());

    node.daemonStatus(domain, DomainStatus.NOT_READY);
    assertThat(node.prepare(claim).get(claim.uid()).error()).contains("not ready");
    node.daemonStatus(domain, DomainStatus.READY);
    PrepareResult ready = node.prepare(claim).get(claim.uid());

    assertThat(ready.error()).isEmpty();
    assertThat(ready.devices())
        .extracting(PreparedDevice::cdiDeviceIds)
        .containsExactly(
            List.of("k8s.compute-domain.nvidia.com/claim=" + claim.uid() + "-channel-0"));
    Path spec = node.cdi("k8s.compute-domain.nvidia.com-claim_" + claim.uid() + ".yaml");
    assertThat(spec)
        .content()
        .contains("path: \"/dev/nvidia-caps-imex-channels/channel0\"", "type: \"c\"", "minor: 0")
        .doesNotContain("channel1\"");
    assertThat(node.prepare(claim).get(claim.uid())).as("idempotent").isEqualTo(ready);

    assertThat(node.unprepare(claim).get(claim.uid()).error()).isEmpty();
    assertThat(node.nodeLabel()).isEmpty();
    assertThat(spec).doesNotExist();
    assertThat(node.dataDir().resolve("checkpoint.json")).content().doesNotContain(claim.uid());
  }

  @Test
  @DisplayName(
      "with DeviceMetadata, a channel claim's request gets channel-0's published attributes in a"
          + " metadata file, mounted by a CDI spec of its own and removed by unprepare")
  void channelMetadata() throws Exception {
    node = DomainNode.start(root, "gb200-nvl", FeatureGates.parse("DeviceMetadata=true"));
    ComputeDomain domain = node.domain("team-a", "nvl");
    node.daemonStatus(domain, DomainStatus.READY);
    ClaimRef claim = node.claim("team-a", "meta", "channel-0", channelConfig(domain, null));

    PrepareResult result = node.prepare(claim).get(claim.uid());

    assertThat(result.error()).isEmpty();
    assertThat(result.devices().getFirst().cdiDeviceIds())
        .containsExactly(
            "k8s.compute-domain.nvidia.com/claim=" + claim.uid() + "-channel-0",
            "compute-domain.nvidia.com/metadata=" + claim.uid() + "_channel");
    Path file = node.dataDir().resolve("dra-device-metadata/team-a_meta/channel/metadata.json");
    assertThat(file)
        .content()
        .contains(
            "\"driver\": \"compute-domain.nvidia.com\"",
            "\"name\": \"channel-0\"",
            "\"type\": {\n              \"string\": \"channel\"",
            "\"id\": {\n              \"int\": 0");
    Path spec = node.cdi("compute-domain.nvidia.com_metadata_" + claim.uid() + "_channel.json");
    assertThat(spec)
        .content()
        .contains(
            file.toString(),
            "/var/run/kubernetes.io/dra-device-attributes/resourceclaims/meta/channel/"
                + "compute-domain.nvidia.com-metadata.json");

    assertThat(node.unprepare(claim).get(claim.uid()).error()).isEmpty();
    assertThat(file).doesNotExist();
    assertThat(spec).doesNotExist();
  }

  @Test
  @DisplayName(
      "with ClaimDeviceStatus, a prepared channel shows in its claim's status.devices with its"
          + " published attributes and Ready=True; unprepare removes it")
  void channelStatus() {
    node = DomainNode.start(root, "gb200-nvl", FeatureGates.parse("ClaimDeviceStatus=true"));
    ComputeDomain domain = node.domain("team-a", "nvl");
    node.daemonStatus(domain, DomainStatus.READY);
    ClaimRef claim = node.claim("team-a", "status", "channel-0", channelConfig(domain, null));

    assertThat(node.prepare(claim).get(claim.uid()).error()).isEmpty();

    await().atMost(Duration.ofSeconds(10)).until(() -> statusDevices(claim).size() == 1);
    var entry = statusDevices(claim).getFirst();
    assertThat(entry.getDriver()).isEqualTo("compute-domain.nvidia.com");
    assertThat(entry.getDevice()).isEqualTo("channel-0");
    assertThat(entry.getConditions().getFirst().getStatus()).isEqualTo("True");
    var data = new ObjectMapper().valueToTree(entry.getData());
    assertThat(data.at("/attributes/type/string").asText()).isEqualTo("channel");
    assertThat(data.at("/attributes/id/int").asLong()).isZero();

    assertThat(node.unprepare(claim).get(claim.uid()).error()).isEmpty();
    await().atMost(Duration.ofSeconds(10)).until(() -> statusDevices(claim).isEmpty());
  }

  private List<AllocatedDeviceStatus> statusDevices(ClaimRef claim) {
    var devices =
        node.client
            .dynamicResourceAllocation()
            .v1()
            .resourceClaims()
            .inNamespace(claim.namespace())
            .withName(claim.name())
            .get()
            .getStatus()
            .getDevices();
    return devices == null ? List.of() : devices;
  }

  @Test
  @DisplayName(
      "a daemon that goes Ready while the kubelet's call waits gets its channel in that call")
  void readyDuringTheCall() {
    node = DomainNode.start(root, "gb200-nvl");
    ComputeDomain domain = node.domain("team-a", "nvl");
    ClaimRef claim = node.claim("team-a", "w", "channel-0", channelConfig(domain, null));
    var daemon =
        java.util.concurrent.CompletableFuture.runAsync(
            () -> node.daemonStatus(domain, DomainStatus.READY),
            java.util.concurrent.CompletableFuture.delayedExecutor(
                150, java.util.concurrent.TimeUnit.MILLISECONDS));

    PrepareResult result = node.prepare(claim).get(claim.uid());

    daemon.join();
    assertThat(result.error()).isEmpty();
    assertThat(result.devices()).hasSize(1);
  }

  @Test
  @DisplayName("allocationMode All injects all 2048 channels")
  void allChannels() throws Exception {
    node = DomainNode.start(root, "gb200-nvl");
    ComputeDomain domain = node.domain("team-a", "nvl");
    node.daemonStatus(domain, DomainStatus.READY);
    ClaimRef claim = node.claim("team-a", "all", "channel-0", channelConfig(domain, "All"));

    assertThat(node.prepare(claim).get(claim.uid()).error()).isEmpty();

    String spec =
        Files.readString(node.cdi("k8s.compute-domain.nvidia.com-claim_" + claim.uid() + ".yaml"));
    assertThat(spec.split("path: \"/dev/nvidia-caps-imex-channels/channel", -1)).hasSize(2049);
    assertThat(spec).contains("channel2047\"", "minor: 2047");
  }

  @Test
  @DisplayName(
      "a bad claim fails alone with an error naming it: domain in another namespace, node in"
          + " another domain, second channel claim, unknown config field")
  void refusesBadClaims() {
    node = DomainNode.start(root, "gb200-nvl");
    ComputeDomain domain = node.domain("team-a", "nvl");
    ComputeDomain other = node.domain("team-b", "other");
    node.daemonStatus(domain, DomainStatus.READY);
    ClaimRef good = node.claim("team-a", "good", "channel-0", channelConfig(domain, "Single"));
    ClaimRef elsewhere =
        node.claim("team-b", "elsewhere", "channel-0", channelConfig(domain, null));
    Map<String, Object> typo = channelConfig(domain, null);
    typo.put("allocationMod", "All");
    ClaimRef bad = node.claim("team-a", "typo", "channel-0", typo);

    Map<String, PrepareResult> results = node.prepare(elsewhere, bad, good);

    assertThat(results.get(good.uid()).error()).isEmpty();
    assertThat(results.get(elsewhere.uid()).error())
        .contains(
            "team-b/elsewhere",
            "ComputeDomain team-a/nvl",
            "is in namespace team-a",
            "not the claim's namespace team-b");
    assertThat(results.get(bad.uid()).error())
        .contains("team-a/typo", "status.allocation.devices.config[0]", "allocationMod");

    ClaimRef second = node.claim("team-a", "second", "channel-0", channelConfig(domain, null));
    assertThat(node.prepare(second).get(second.uid()).error())
        .contains("channel-0 of this node is held by claim team-a/good");
    node.unprepare(good);
    ClaimRef waiting = node.claim("team-b", "waiting", "channel-0", channelConfig(other, null));
    assertThat(node.prepare(waiting).get(waiting.uid()).error()).contains("not ready");
    ClaimRef late = node.claim("team-a", "late", "channel-0", channelConfig(domain, null));
    assertThat(node.prepare(late).get(late.uid()).error())
        .contains(
            "node " + NODE + " is in ComputeDomain " + other.getMetadata().getUid(),
            "one ComputeDomain at a time");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"daemon-0", "channel-0"})
  @DisplayName(
      "a domainID that is no UUID (../ in it) never becomes a path or a label: the claim fails"
          + " alone, not retried, naming the field, and nothing is written outside the plugin"
          + " directory")
  void refusesDomainIdsThatAreNoUuids(String device) throws Exception {
    node = DomainNode.start(root, "gb200-nvl");
    ComputeDomain domain = node.domain("team-a", "nvl");
    node.daemonStatus(domain, DomainStatus.READY);
    boolean daemon = device.startsWith("daemon");
    String namespace = daemon ? DomainNode.DRIVER_NS : "team-a";
    Map<String, Object> forged = daemon ? daemonConfig(domain) : channelConfig(domain, null);
    String escaping = "../../../escape";
    forged.put("domainID", escaping);
    ClaimRef bad = node.claim(namespace, "forged", device, forged);
    ClaimRef good =
        node.claim(
            namespace, "good", device, daemon ? daemonConfig(domain) : channelConfig(domain, null));

    Map<String, PrepareResult> results = node.prepare(bad, good);

    assertThat(results.get(bad.uid()).error())
        .contains(
            namespace + "/forged",
            "status.allocation.devices.config[0].opaque.parameters.domainID",
            "\"../../../escape\" is not a Kubernetes UID");
    assertThat(results.get(bad.uid()).retryable()).isFalse();
    assertThat(results.get(good.uid()).error()).isEmpty();
    assertThat(node.dataDir().resolve("domains").resolve(escaping).normalize()).doesNotExist();
    try (Stream<Path> files = Files.walk(root)) {
      assertThat(files.filter(f -> f.endsWith("imexd.cfg.tmpl")))
          .allSatisfy(f -> assertThat(f).startsWith(node.dataDir().resolve("domains")));
    }
    assertThat(node.nodeLabel()).isNotEqualTo(Optional.of(escaping));
  }

  @Test
  @DisplayName(
      "off the NVLink fabric a channel claim gets no device nodes, once its daemon is Ready")
  void nodeWithoutClique() {
    node = DomainNode.start(root, "dgx-h100");
    ComputeDomain domain = node.domain("team-a", "nvl");
    ClaimRef claim = node.claim("team-a", "c", "channel-0", channelConfig(domain, null));

    assertThat(node.plugin().cliqueId()).isEmpty();
    assertThat(node.prepare(claim).get(claim.uid()).error()).contains("not ready");
    domain = node.client.resource(domain).get();
    domain.setStatus(
        new dev.gpudra.api.computedomain.ComputeDomainStatus(
            DomainStatus.READY,
            List.of(
                new dev.gpudra.api.computedomain.ComputeDomainNode(
                    NODE, "10.0.0.1", "", -1, DomainStatus.READY)),
            List.of()));
    node.client.resource(domain).updateStatus();

    PrepareResult result = node.prepare(claim).get(claim.uid());
    assertThat(result.error()).isEmpty();
    assertThat(result.devices())
        .extracting(PreparedDevice::cdiDeviceIds)
        .containsExactly(List.of());
  }
}
