package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gpudra.realcluster.node.ChartPlugin;
import io.fabric8.kubernetes.api.model.Pod;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Moving a node between plugins, on the real node: the plugin is stopped on the node by taking the
 * node out of the DaemonSet's selector (as an admin does), the checkpoint it leaves is replaced,
 * and the plugin is started again. A running pod keeps its GPU in every case, the next pod gets
 * another one, and the new plugin unprepares the old claim.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ResourceLock(RealNodeFixture.HOST)
class NodeMigrationE2E {
  private final ObjectMapper json = new ObjectMapper();
  private RealNodeFixture fixture;
  private NodePods pods;
  private ChartPlugin plugin;

  @BeforeAll
  void start(@TempDir Path dir) throws InterruptedException, IOException {
    fixture = RealNodeFixture.start(dir);
    pods = fixture.pods();
    plugin = fixture.plugin();
  }

  @AfterEach
  void deletePods() {
    if (pods != null) {
      pods.deleteAll();
    }
  }

  @AfterAll
  void stop() {
    if (fixture != null) {
      fixture.close();
    }
  }

  @Test
  @DisplayName(
      "from NVIDIA's plugin: its checkpoint.json (v2) on the node is imported, the running pod's"
          + " GPU is not handed out again, and our plugin unprepares that claim")
  void fromNvidiasPlugin() throws Exception {
    Pod running = runningPod("from-nvidia");
    plugin.stopOnNode();

    Files.writeString(checkpoint(), nvidiaFormat(Files.readString(checkpoint())));
    int logged = plugin.text().length();
    plugin.startOnNode();

    // imported as NVIDIA's, not treated as damaged and rebuilt from the CDI specs
    assertThat(plugin.text().substring(logged)).doesNotContain("checkpoint unreadable");
    assertKeepsItsGpuAndIsUnpreparedByUs(running, "from-nvidia");
    assertThat(Files.readString(checkpoint())).contains("\"version\"");
  }

  @Test
  @DisplayName(
      "a damaged checkpoint: rebuilt from the CDI specs, a CheckpointRebuilt Warning Event on the"
          + " Node (through the chart's RBAC), the running pod keeps its GPU")
  void damagedCheckpoint() throws Exception {
    Pod running = runningPod("damaged");
    plugin.stopOnNode();

    Files.writeString(checkpoint(), "{damaged by a full disk");
    int logged = plugin.text().length();
    plugin.startOnNode();

    assertThat(plugin.text().substring(logged)).contains("checkpoint unreadable");
    var client = fixture.controlPlane().client();
    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(() ->
            assertThat(client.v1().events().inNamespace("default").list().getItems())
                .anySatisfy(e -> {
                  assertThat(e.getReason()).isEqualTo("CheckpointRebuilt");
                  assertThat(e.getInvolvedObject().getKind()).isEqualTo("Node");
                  assertThat(e.getInvolvedObject().getName()).isEqualTo(RealNodeFixture.NODE);
                }));
    assertKeepsItsGpuAndIsUnpreparedByUs(running, "damaged");
  }

  private Pod runningPod(String name) {
    pods.template(name, NodePods.oneDevice("gpu.nvidia.com", null));
    return pods.runUntilLogged(pods.pod(name, "echo up; sleep 600", name, null), "up");
  }

  private void assertKeepsItsGpuAndIsUnpreparedByUs(Pod pod, String template) throws IOException {
    String claimUid = pods.claimOf(pod).getMetadata().getUid();
    String device = pods.allocatedDevice(pod);
    Pod now = pods.current(pod);
    assertThat(now.getStatus().getPhase()).isEqualTo("Running");
    assertThat(now.getStatus().getContainerStatuses().getFirst().getContainerID())
        .isEqualTo(pod.getStatus().getContainerStatuses().getFirst().getContainerID());
    Pod next =
        pods.runUntilLogged(
            pods.pod(pod.getMetadata().getName() + "-next", "echo up; sleep 600", template, null),
            "up");
    assertThat(pods.allocatedDevice(next)).isNotEqualTo(device);

    pods.delete(pod);

    fixture.awaitNoSpecFor(claimUid);
  }

  private Path checkpoint() {
    return fixture.node().layout().pluginsDir().resolve("gpu.nvidia.com/checkpoint.json");
  }

  /**
   * Our checkpoint's claims written as NVIDIA's plugin writes its {@code checkpoint.json}: {@code
   * {checksum, v2: {nodeBootID, preparedClaims}}}, each device a {@code gpu} entry.
   */
  private String nvidiaFormat(String ours) throws IOException {
    JsonNode data = json.readTree(ours).get("data");
    ObjectNode claims = json.createObjectNode();
    for (Map.Entry<String, JsonNode> claim : data.get("claims").properties()) {
      ArrayNode devices = json.createArrayNode();
      for (JsonNode d : claim.getValue().get("devices")) {
        ObjectNode device = json.createObjectNode();
        device.set("Requests", d.get("requestNames"));
        device.put("PoolName", d.get("pool").asText());
        device.put("DeviceName", d.get("device").asText());
        device.set("CDIDeviceIDs", d.get("cdiDeviceIds"));
        ObjectNode gpu = json.createObjectNode();
        gpu.set("info", json.createObjectNode().put("uuid", d.get("uuid").asText()));
        gpu.set("device", device);
        devices.add(json.createObjectNode().set("gpu", gpu));
      }
      ObjectNode group = json.createObjectNode();
      group.set("devices", devices);
      group.set("configState", json.createObjectNode().put("mpsControlDaemonID", ""));
      ObjectNode entry = json.createObjectNode();
      entry.put("checkpointState", claim.getValue().get("state").asText());
      entry.put("name", claim.getValue().get("name").asText());
      entry.put("namespace", claim.getValue().get("namespace").asText());
      entry.set("status", json.createObjectNode());
      entry.set("preparedDevices", json.createArrayNode().add(group));
      claims.set(claim.getKey(), entry);
    }
    ObjectNode v2 = json.createObjectNode();
    v2.put("checksum", 0);
    v2.put("nodeBootID", data.get("nodeBootId").asText());
    v2.set("preparedClaims", claims);
    ObjectNode top = json.createObjectNode();
    top.put("checksum", 0);
    top.set("v2", v2);
    return json.writeValueAsString(top);
  }
}
