package dev.gpudra.kit.claimstatus;

import static dev.gpudra.kit.claimstatus.ClaimSamples.DRIVER;
import static dev.gpudra.kit.claimstatus.ClaimSamples.claim;
import static dev.gpudra.kit.claimstatus.ClaimSamples.entry;
import static dev.gpudra.kit.claimstatus.ClaimSamples.healthy;
import static dev.gpudra.kit.claimstatus.ClaimSamples.result;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gpudra.kit.resourcehealth.DeviceHealth;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.resource.v1.AllocatedDeviceStatus;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class StatusMergeTest {
  private static final Instant T1 = Instant.parse("2026-12-07T08:00:00.123Z");
  private static final Instant T2 = Instant.parse("2026-12-07T09:00:00Z");
  private final StatusMerge merge = new StatusMerge(DRIVER, new ObjectMapper());

  @Test
  @DisplayName("another driver's entries stay as they are; ours are added for allocated devices")
  void keepsOthers() {
    ResourceClaim claim =
        claim(
            List.of(result(DRIVER, "gpu-0"), result("net.example.com", "nic-0")),
            List.of(entry("net.example.com", "nic-0")));

    List<AllocatedDeviceStatus> out =
        merge.merged(claim, List.of(healthy("gpu-0", Map.of("uuid", "GPU-0"))), T1);

    assertThat(out).hasSize(2);
    assertThat(out.get(0)).isEqualTo(entry("net.example.com", "nic-0"));
    AllocatedDeviceStatus ours = out.get(1);
    assertThat(ours.getDriver()).isEqualTo(DRIVER);
    assertThat(ours.getPool()).isEqualTo("node-a");
    assertThat(ours.getDevice()).isEqualTo("gpu-0");
    assertThat(ours.getData()).isEqualTo(Map.of("uuid", "GPU-0"));
    Condition ready = ours.getConditions().getFirst();
    assertThat(ready.getType()).isEqualTo("Ready");
    assertThat(ready.getStatus()).isEqualTo("True");
    assertThat(ready.getReason()).isEqualTo("Prepared");
    assertThat(ready.getObservedGeneration()).isEqualTo(3L);
    assertThat(ready.getLastTransitionTime()).isEqualTo("2026-12-07T08:00:00Z");
  }

  @Test
  @DisplayName("a device the allocation does not give this driver gets no entry; stale ones go")
  void onlyAllocated() {
    ResourceClaim claim = claim(List.of(result(DRIVER, "gpu-0")), List.of(entry(DRIVER, "gpu-7")));

    List<AllocatedDeviceStatus> out =
        merge.merged(claim, List.of(healthy("gpu-1", Map.of()), healthy("gpu-0", Map.of())), T1);

    assertThat(out).extracting(AllocatedDeviceStatus::getDevice).containsExactly("gpu-0");
  }

  @Test
  @DisplayName("Ready keeps its transition time while its status holds, and moves when it flips")
  void transitionTime() {
    ResourceClaim claim = claim(List.of(result(DRIVER, "gpu-0")), List.of());
    List<AllocatedDeviceStatus> first =
        merge.merged(claim, List.of(healthy("gpu-0", Map.of())), T1);
    claim.getStatus().setDevices(first);

    List<AllocatedDeviceStatus> same = merge.merged(claim, List.of(healthy("gpu-0", Map.of())), T2);
    List<AllocatedDeviceStatus> flipped =
        merge.merged(
            claim,
            List.of(healthy("gpu-0", Map.of()).withHealth(DeviceHealth.Status.UNHEALTHY, "XID 79")),
            T2);

    assertThat(merge.same(first, same)).isTrue();
    Condition down = flipped.getFirst().getConditions().getFirst();
    assertThat(down.getStatus()).isEqualTo("False");
    assertThat(down.getReason()).isEqualTo("Unhealthy");
    assertThat(down.getMessage()).isEqualTo("XID 79");
    assertThat(down.getLastTransitionTime()).isEqualTo("2026-12-07T09:00:00Z");
    assertThat(merge.same(first, flipped)).isFalse();
  }

  @Test
  @DisplayName(
      "another writer's condition in our entry (a binding condition) stays; Ready is ours alone")
  void keepsOtherConditions() {
    ResourceClaim claim = claim(List.of(result(DRIVER, "gpu-0")), List.of());
    List<AllocatedDeviceStatus> first =
        merge.merged(claim, List.of(healthy("gpu-0", Map.of())), T1);
    first
        .getFirst()
        .getConditions()
        .addFirst(
            new io.fabric8.kubernetes.api.model.ConditionBuilder()
                .withType("compute-domain.nvidia.com/imex-ready")
                .withStatus("True")
                .withReason("IMEXDaemonReady")
                .withLastTransitionTime("2026-12-07T08:00:00Z")
                .build());
    claim.getStatus().setDevices(first);

    List<AllocatedDeviceStatus> again =
        merge.merged(
            claim,
            List.of(healthy("gpu-0", Map.of()).withHealth(DeviceHealth.Status.UNHEALTHY, "XID 79")),
            T2);

    assertThat(again.getFirst().getConditions())
        .extracting(Condition::getType, Condition::getStatus)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("compute-domain.nvidia.com/imex-ready", "True"),
            org.assertj.core.groups.Tuple.tuple("Ready", "False"));
  }

  @Test
  @DisplayName("data over the API server's 10 KiB is left out and the condition says why")
  void dataCap() {
    ResourceClaim claim = claim(List.of(result(DRIVER, "gpu-0")), List.of());

    AllocatedDeviceStatus out =
        merge
            .merged(claim, List.of(healthy("gpu-0", Map.of("blob", "x".repeat(10_240)))), T1)
            .getFirst();

    assertThat(out.getData()).isNull();
    assertThat(out.getConditions().getFirst().getMessage())
        .isEqualTo("data left out: 10251 bytes, the API server takes 10240");
  }

  @Test
  @DisplayName("an entry of a shared device matches its allocation result by shareID")
  void shareId() {
    var shared = result(DRIVER, "gpu-0");
    shared.setShareID("share-1");
    ResourceClaim claim = claim(List.of(shared), List.of());
    DeviceStatus other =
        new DeviceStatus(
            "node-a", "gpu-0", Optional.of("share-2"), DeviceHealth.Status.HEALTHY, "", Map.of());
    DeviceStatus ours =
        new DeviceStatus(
            "node-a", "gpu-0", Optional.of("share-1"), DeviceHealth.Status.HEALTHY, "", Map.of());

    List<AllocatedDeviceStatus> out = merge.merged(claim, List.of(other, ours), T1);

    assertThat(out).extracting(AllocatedDeviceStatus::getShareID).containsExactly("share-1");
  }

  @Test
  @DisplayName("no devices of ours removes our entries and only ours")
  void removal() {
    ResourceClaim claim =
        claim(
            List.of(result(DRIVER, "gpu-0"), result("net.example.com", "nic-0")),
            List.of(entry(DRIVER, "gpu-0"), entry("net.example.com", "nic-0")));

    List<AllocatedDeviceStatus> out = merge.merged(claim, List.of(), T1);

    assertThat(out).containsExactly(entry("net.example.com", "nic-0"));
  }
}
