package dev.gpudra.gpu.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.kit.ClaimRef;
import dev.gpudra.node.xid.HealthSettings;
import dev.gpudra.nvml.GpuInfo;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.resource.v1.AllocatedDeviceStatus;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ClaimDeviceStatus through the real plugin on the in-process API server, driven by the kubelet
 * stand-in: what a prepared claim's {@code status.devices} shows, and when.
 */
class ClaimDeviceStatusIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir Path root;
  private PluginNode node;

  @AfterEach
  void stop() {
    if (node != null) {
      node.close();
    }
  }

  private void start(String gates) {
    node =
        PluginNode.start(
            root,
            PluginNode.Setup.defaults()
                .withProfile("dgx-h100")
                .withGates(FeatureGates.parse(gates)));
  }

  private void startWithHealth() {
    node =
        PluginNode.start(
            root,
            PluginNode.Setup.defaults()
                .withProfile("dgx-h100")
                .withGates(FeatureGates.parse("ClaimDeviceStatus=true,NVMLDeviceHealthCheck=true"))
                .withHealth(HealthSettings.of(List.of(), List.of(), Duration.ofSeconds(2))));
  }

  private ResourceClaim claimOf(ClaimRef ref) {
    return node.client
        .dynamicResourceAllocation()
        .v1()
        .resourceClaims()
        .inNamespace(ref.namespace())
        .withName(ref.name())
        .get();
  }

  private Optional<AllocatedDeviceStatus> entry(ClaimRef ref) {
    List<AllocatedDeviceStatus> devices = claimOf(ref).getStatus().getDevices();
    return devices == null
        ? Optional.empty()
        : devices.stream().filter(d -> "gpu.nvidia.com".equals(d.getDriver())).findFirst();
  }

  private Optional<Condition> ready(ClaimRef ref) {
    return entry(ref).map(e -> e.getConditions().getFirst());
  }

  @Test
  @DisplayName("a prepared GPU shows its UUID and Ready=True; unprepare removes the entry")
  void wholeGpu() {
    start("ClaimDeviceStatus=true");
    GpuInfo gpu = node.plugin().parts().inventory().device("gpu-3").orElseThrow().gpu();
    ClaimRef claim = node.claims.named("train").device("gpu", "gpu-3").create();

    assertThat(node.prepare(claim).get(claim.uid()).error()).isEmpty();

    await().atMost(Duration.ofSeconds(10)).until(() -> entry(claim).isPresent());
    AllocatedDeviceStatus entry = entry(claim).orElseThrow();
    assertThat(entry.getDevice()).isEqualTo("gpu-3");
    assertThat(entry.getPool()).isEqualTo("node-a");
    JsonNode data = JSON.valueToTree(entry.getData());
    assertThat(data.at("/attributes/uuid/string").asText()).isEqualTo(gpu.uuid());
    assertThat(ready(claim).orElseThrow().getStatus()).isEqualTo("True");

    assertThat(node.unprepare(claim).get(claim.uid()).error()).isEmpty();
    await().atMost(Duration.ofSeconds(10)).until(() -> entry(claim).isEmpty());
  }

  @Test
  @DisplayName("with NVMLDeviceHealthCheck, an XID on the claim's GPU turns Ready False")
  void health() {
    startWithHealth();
    GpuInfo gpu = node.plugin().parts().inventory().device("gpu-2").orElseThrow().gpu();
    ClaimRef claim = node.claims.named("train").device("gpu", "gpu-2").create();
    assertThat(node.prepare(claim).get(claim.uid()).error()).isEmpty();
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> ready(claim).map(Condition::getStatus).equals(Optional.of("True")));

    node.gpus().injectXid(gpu, 79);

    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> ready(claim).map(Condition::getStatus).equals(Optional.of("False")));
    assertThat(ready(claim).orElseThrow().getMessage()).contains("79");
  }

  @Test
  @DisplayName(
      "a restarted plugin writes the entries of the claims it holds again, and they follow health")
  void restart() {
    startWithHealth();
    ClaimRef claim = node.claims.named("train").device("gpu", "gpu-2").create();
    assertThat(node.prepare(claim).get(claim.uid()).error()).isEmpty();
    await().atMost(Duration.ofSeconds(10)).until(() -> entry(claim).isPresent());
    ResourceClaim lost = claimOf(claim);
    lost.getStatus().setDevices(null);
    node.client.resource(lost).updateStatus();
    assertThat(entry(claim)).isEmpty();

    node.restartPlugin();

    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> ready(claim).map(Condition::getStatus).equals(Optional.of("True")));
    GpuInfo gpu = node.plugin().parts().inventory().device("gpu-2").orElseThrow().gpu();
    node.gpus().injectXid(gpu, 79);
    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> ready(claim).map(Condition::getStatus).equals(Optional.of("False")));
  }

  @Test
  @DisplayName("without the gate, prepared claims' status.devices stays empty")
  void gateOff() {
    start("");
    ClaimRef claim = node.claims.named("train").device("gpu", "gpu-3").create();

    assertThat(node.prepare(claim).get(claim.uid()).error()).isEmpty();

    await()
        .during(Duration.ofSeconds(1))
        .atMost(Duration.ofSeconds(5))
        .until(() -> entry(claim).isEmpty());
  }
}
