package dev.gpudra.image;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.owner.NodeOwner;
import dev.gpudra.localcluster.api.LocalApiServer;
import dev.gpudra.localcluster.kubelet.KubeletStandIn;
import dev.gpudra.localcluster.kubelet.StandInConfig;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a node can do to the plugin process and what it must survive: its sockets removed, a second
 * instance, a SIGTERM while it starts, a port that is taken, temp files of a crashed write. The
 * plugin runs as the image runs it, with the kubelet stand-in on real sockets.
 */
class NodeRobustnessIT {
  private static final Duration EXIT = Duration.ofSeconds(30);
  private static final String DRIVER = "gpu.nvidia.com";

  @TempDir Path root;
  private Path node;
  private LocalApiServer api;
  private Path kubeconfig;
  private KubeletStandIn kubelet;
  private final List<PluginProcess> processes = new ArrayList<>();

  @BeforeEach
  void startNode() {
    node = root.resolve("node");
    api = new LocalApiServer().start();
    api.client()
        .nodes()
        .resource(
            new NodeBuilder().withNewMetadata().withName(PluginProcess.NODE).endMetadata().build())
        .create();
    kubeconfig = api.writeKubeconfig(root.resolve("kubeconfig"));
    kubelet =
        new KubeletStandIn(
            StandInConfig.of(node.resolve("plugins_registry"), PluginProcess.NODE), api.client());
    kubelet.start();
  }

  @AfterEach
  void stopNode() {
    processes.forEach(PluginProcess::close);
    if (kubelet != null) {
      kubelet.close();
    }
    if (api != null) {
      api.close();
    }
  }

  private PluginProcess plugin(String... flags) {
    PluginProcess p =
        PluginProcess.start(
            node, kubeconfig, root.resolve("plugin-" + processes.size() + ".log"), flags);
    processes.add(p);
    return p;
  }

  @Test
  @DisplayName(
      "a removed registration socket is bound again and the kubelet registers the plugin again")
  void registrationSocketRemoved() throws IOException {
    PluginProcess plugin = plugin().awaitRegistrations(1);

    Files.delete(PluginProcess.registrationSocket(node));

    plugin.awaitRegistrations(2);
    assertThat(PluginProcess.registrationSocket(node)).exists();
    assertThat(hiddenBindings()).isEmpty();
  }

  @Test
  @DisplayName("a removed DRA socket is bound again and claims are prepared through it")
  void draSocketRemoved() throws IOException {
    PluginProcess plugin = plugin().awaitRegistrations(1);

    Files.delete(PluginProcess.draSocket(node));

    await().atMost(Duration.ofSeconds(10)).until(() -> Files.exists(PluginProcess.draSocket(node)));
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> plugin.log().contains("dra.sock is served again"));
    ClaimRef claim = allocatedClaim("after-rebind", "gpu-0");
    await()
        .atMost(Duration.ofSeconds(10))
        .ignoreExceptions()
        .untilAsserted(() ->
            assertThat(kubelet.prepare(DRIVER, List.of(claim)).get(claim.uid()).error()).isEmpty());
  }

  @Test
  @DisplayName(
      "a second instance waits, then exits naming the running one, whose sockets stay and serve")
  void secondInstanceRefused() throws Exception {
    plugin().awaitRegistrations(1);
    Object registration = fileKey(PluginProcess.registrationSocket(node));
    Object dra = fileKey(PluginProcess.draSocket(node));

    PluginProcess second = plugin("--owner-wait-seconds=1");

    assertThat(second.awaitExit(EXIT)).as(second.log()).isEqualTo(1);
    assertThat(second.log())
        .contains("another plugin process (pid ")
        .contains(node.resolve("plugins/gpu.nvidia.com/" + NodeOwner.FILE_NAME).toString())
        .contains("stop it first");
    assertThat(fileKey(PluginProcess.registrationSocket(node))).isEqualTo(registration);
    assertThat(fileKey(PluginProcess.draSocket(node))).isEqualTo(dra);
    ClaimRef claim = allocatedClaim("still-served", "gpu-1");
    assertThat(kubelet.prepare(DRIVER, List.of(claim)).get(claim.uid()).error()).isEmpty();
  }

  @Test
  @DisplayName(
      "a second instance that waits takes over when the first stops, and the first's stop"
          + " removes nothing of the second's")
  void secondInstanceTakesOver() throws Exception {
    PluginProcess first = plugin().awaitRegistrations(1);
    PluginProcess second = plugin("--owner-wait-seconds=60");
    await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> second.log().contains("waiting for it to stop"));

    first.terminate();
    assertThat(first.awaitExit(EXIT)).isIn(0, 143);

    second.awaitRegistrations(1);
    assertThat(PluginProcess.registrationSocket(node)).exists();
    assertThat(PluginProcess.draSocket(node)).exists();
    ClaimRef claim = allocatedClaim("second", "gpu-2");
    assertThat(kubelet.prepare(DRIVER, List.of(claim)).get(claim.uid()).error()).isEmpty();
  }

  @Test
  @DisplayName(
      "SIGTERM as soon as the sockets appear, before the start has finished, leaves no socket,"
          + " no binding file and no lock held")
  void sigtermDuringStart() throws Exception {
    for (int round = 0; round < 3; round++) {
      PluginProcess plugin = plugin();
      await()
          .atMost(Duration.ofSeconds(60))
          .pollInterval(Duration.ofMillis(5))
          .until(() -> Files.exists(PluginProcess.draSocket(node)) || !plugin.alive());

      plugin.terminate();

      assertThat(plugin.awaitExit(EXIT)).as(plugin.log()).isIn(0, 143);
      assertThat(PluginProcess.draSocket(node)).as(plugin.log()).doesNotExist();
      assertThat(PluginProcess.registrationSocket(node)).as(plugin.log()).doesNotExist();
      assertThat(hiddenBindings()).isEmpty();
      NodeOwner.acquire(node.resolve("plugins/gpu.nvidia.com"), Duration.ZERO).close();
    }
  }

  @Test
  @DisplayName("a metrics endpoint that is taken fails the start and leaves no socket behind")
  void metricsPortTaken() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      PluginProcess plugin = plugin("--http-endpoint=127.0.0.1:" + taken.getLocalPort());

      assertThat(plugin.awaitExit(EXIT)).isEqualTo(1);
      assertThat(plugin.log()).contains("cannot listen for metrics on");
    }
    assertThat(PluginProcess.draSocket(node)).doesNotExist();
    assertThat(PluginProcess.registrationSocket(node)).doesNotExist();
    assertThat(hiddenBindings()).isEmpty();
  }

  @Test
  @DisplayName(
      "temp files of writes interrupted by a crash are removed at start; other files are kept")
  void leftoverTempFilesRemoved() throws IOException {
    Path data = Files.createDirectories(node.resolve("plugins/gpu.nvidia.com"));
    Path cdi = Files.createDirectories(node.resolve("cdi"));
    Path checkpointTemp = Files.writeString(data.resolve(".checkpoint.json.4711.tmp"), "{");
    Path specTemp =
        Files.writeString(cdi.resolve(".k8s.gpu.nvidia.com-claim_u1.yaml.815.tmp"), "cdi");
    Path foreign = Files.writeString(cdi.resolve(".nvidia.yaml.123.tmp"), "not ours");

    plugin().awaitRegistrations(1);

    assertThat(checkpointTemp).doesNotExist();
    assertThat(specTemp).doesNotExist();
    assertThat(foreign).exists();
  }

  /** A claim created, then allocated through /status, as the scheduler does. */
  private ClaimRef allocatedClaim(String name, String device) {
    ResourceClaim created =
        api.client()
            .resource(
                new ResourceClaimBuilder()
                    .withNewMetadata()
                    .withNamespace("default")
                    .withName(name)
                    .endMetadata()
                    .withNewSpec()
                    .withNewDevices()
                    .addNewRequest()
                    .withName("gpu")
                    .withNewExactly()
                    .withDeviceClassName(DRIVER)
                    .endExactly()
                    .endRequest()
                    .endDevices()
                    .endSpec()
                    .build())
            .create();
    api.client()
        .resource(
            new ResourceClaimBuilder(created)
                .withNewStatus()
                .withNewAllocation()
                .withNewDevices()
                .addNewResult()
                .withRequest("gpu")
                .withDriver(DRIVER)
                .withPool(PluginProcess.NODE)
                .withDevice(device)
                .endResult()
                .endDevices()
                .endAllocation()
                .endStatus()
                .build())
        .updateStatus();
    return new ClaimRef("default", name, created.getMetadata().getUid());
  }

  private List<Path> hiddenBindings() throws IOException {
    List<Path> found = new ArrayList<>();
    for (Path dir :
        List.of(node.resolve("plugins_registry"), node.resolve("plugins/gpu.nvidia.com"))) {
      if (Files.isDirectory(dir)) {
        try (Stream<Path> files = Files.list(dir)) {
          files
              .filter(f -> f.getFileName().toString().matches("\\.[0-9a-f]+\\.s"))
              .forEach(found::add);
        }
      }
    }
    return found;
  }

  private static Object fileKey(Path file) throws IOException {
    return Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS)
        .fileKey();
  }
}
