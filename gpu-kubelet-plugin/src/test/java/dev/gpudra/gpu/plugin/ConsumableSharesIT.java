package dev.gpudra.gpu.plugin;

import static dev.gpudra.gpu.plugin.ApiClaims.params;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.gpu.slices.ConsumableShares;
import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.PreparedDevice;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceCapacity;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Consumable capacity (ConsumableShares with {@code --consumable-shares}) through the kubelet
 * stand-in: GPUs published for several claims, shares of one GPU prepared side by side with their
 * share IDs, and the sharing settings of the claims on one GPU kept consistent.
 */
class ConsumableSharesIT {
  private static final String SHARE_A = "0a1b2c3d-0000-4000-8000-00000000000a";
  private static final String SHARE_B = "0a1b2c3d-0000-4000-8000-00000000000b";

  @TempDir Path root;
  private PluginNode node;

  @AfterEach
  void stop() {
    if (node != null) {
      node.close();
    }
  }

  private void start(String gates, String mode) {
    node =
        PluginNode.start(
            root,
            PluginNode.Setup.defaults()
                .withGates(FeatureGates.parse(gates))
                .withConsumableShares(ConsumableShares.parse(mode)));
  }

  private Device published(String name) {
    await().until(() -> !node.client.resources(ResourceSlice.class).list().getItems().isEmpty());
    return node.client.resources(ResourceSlice.class).list().getItems().stream()
        .flatMap(s -> s.getSpec().getDevices().stream())
        .filter(d -> d.getName().equals(name))
        .findFirst()
        .orElseThrow();
  }

  private ClaimRef share(String name, String shareId, String memory) {
    return node.claims.named(name).share("gpu", "gpu-0", shareId, memory).create();
  }

  @Test
  @DisplayName(
      "memory mode: each whole GPU allows several allocations, its memory (whole MiB) a claim"
          + " takes whole unless it asks for less; 4 shares add a shares capacity")
  void publishesConsumableCapacity() {
    start("ConsumableShares=true", "memory");

    Device gpu = published("gpu-0");

    assertThat(gpu.getAllowMultipleAllocations()).isTrue();
    DeviceCapacity memory = gpu.getCapacity().get("memory");
    assertThat(memory.getRequestPolicy().getDefault()).isEqualTo(memory.getValue());
    assertThat(memory.getRequestPolicy().getValidRange().getMin().toString()).isEqualTo("1Mi");
    assertThat(memory.getRequestPolicy().getValidRange().getStep().toString()).isEqualTo("1Mi");
    assertThat(gpu.getCapacity()).doesNotContainKey("shares");
    node.close();
    node = null;

    start("ConsumableShares=true", "4");

    DeviceCapacity shares = published("gpu-0").getCapacity().get("shares");
    assertThat(shares.getValue().toString()).isEqualTo("4");
    assertThat(shares.getRequestPolicy().getDefault().toString()).isEqualTo("1");
  }

  @Test
  @DisplayName(
      "two claims' shares of one GPU are prepared side by side with their share IDs; one released,"
          + " the other stays; a claim asking for the whole GPU without a share is busy meanwhile")
  void sharesSideBySide() {
    start("ConsumableShares=true", "memory");
    ClaimRef a = share("a", SHARE_A, "20Gi");
    ClaimRef b = share("b", SHARE_B, "40Gi");

    Map<String, PrepareResult> results = node.prepare(a, b);

    assertThat(results.get(a.uid()).error()).isEmpty();
    assertThat(results.get(b.uid()).error()).isEmpty();
    assertThat(results.get(a.uid()).devices())
        .extracting(PreparedDevice::shareId)
        .containsExactly(java.util.Optional.of(SHARE_A));
    assertThat(node.entry(b.uid()).orElseThrow().devices().getFirst().shareId()).isEqualTo(SHARE_B);
    ClaimRef whole = node.claims.named("whole").device("gpu", "gpu-0").create();
    assertThat(node.prepare(whole).get(whole.uid()).error()).contains("device busy");

    assertThat(node.unprepare(a).get(a.uid()).error()).isEmpty();

    assertThat(node.entry(b.uid())).isPresent();
    assertThat(node.dirs.specFile(b.uid())).exists();
  }

  @Test
  @DisplayName(
      "claims sharing a GPU agree on its time slice: the same interval joins, another is a"
          + " sharing conflict")
  void settingsOfSharedGpusAgree() {
    start("ConsumableShares=true,TimeSlicingSettings=true", "memory");
    ClaimRef longA = sliced("long-a", SHARE_A, "Long");
    ClaimRef longB = sliced("long-b", SHARE_B, "Long");
    ClaimRef shortC = sliced("short-c", "0a1b2c3d-0000-4000-8000-00000000000c", "Short");

    assertThat(node.prepare(longA).get(longA.uid()).error()).isEmpty();
    assertThat(node.prepare(longB).get(longB.uid()).error()).isEmpty();
    assertThat(node.prepare(shortC).get(shortC.uid()).error())
        .contains("sharing conflict")
        .contains("time-sliced \"Long\"")
        .contains("asks for \"Short\"");
  }

  private ClaimRef sliced(String name, String shareId, String interval) {
    return node.claims
        .named(name)
        .share("gpu", "gpu-0", shareId, "10Gi")
        .config(
            List.of("gpu"),
            params(
                "GpuConfig",
                Map.of(
                    "sharing",
                    Map.of(
                        "strategy",
                        "TimeSlicing",
                        "timeSlicingConfig",
                        Map.of("interval", interval)))))
        .create();
  }
}
