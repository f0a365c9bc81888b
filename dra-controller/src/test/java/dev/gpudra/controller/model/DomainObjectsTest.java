package dev.gpudra.controller.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gpudra.api.computedomain.ChannelAllocationMode;
import dev.gpudra.api.computedomain.ComputeDomain;
import dev.gpudra.api.computedomain.ComputeDomainSpec;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class DomainObjectsTest {
  private static final String UID = "5b9c0d1e-0000-4000-8000-000000000001";
  private final DomainObjects objects =
      new DomainObjects(
          new DaemonSettings(
              "gpu-dra",
              "gpu-dra:1",
              4,
              18,
              "",
              List.of(),
              dev.gpudra.api.computedomain.ImexMode.DRIVER_MANAGED));

  private static ComputeDomain domain(ChannelAllocationMode mode) {
    return new ComputeDomain(
        new ObjectMetaBuilder().withName("imex").withNamespace("team-a").withUid(UID).build(),
        new ComputeDomainSpec(
            0,
            new ComputeDomainSpec.Channel(
                new ComputeDomainSpec.ClaimTemplate("imex-channel"), mode)),
        null);
  }

  private static String json(Object value) throws Exception {
    return new ObjectMapper().writeValueAsString(value);
  }

  @Test
  @DisplayName(
      "the workload template: the spec's name in the domain's namespace, NVIDIA's labels and"
          + " finalizer, request channel of the default-channel class with the channel config")
  void workloadTemplate() throws Exception {
    ResourceClaimTemplate template =
        objects.workloadClaimTemplate(domain(ChannelAllocationMode.ALL));

    assertThat(template.getMetadata().getName()).isEqualTo("imex-channel");
    assertThat(template.getMetadata().getNamespace()).isEqualTo("team-a");
    assertThat(template.getMetadata().getLabels())
        .containsEntry("resource.nvidia.com/computeDomain", UID)
        .containsEntry("resource.nvidia.com/computeDomainTarget", "Workload");
    assertThat(template.getMetadata().getFinalizers())
        .containsExactly("resource.nvidia.com/computeDomain");
    assertThat(template.getSpec().getMetadata().getLabels())
        .as("the labels of the claims made from it, so the controller sees them")
        .containsEntry("resource.nvidia.com/computeDomain", UID)
        .containsEntry("resource.nvidia.com/computeDomainTarget", "Workload");
    var devices = template.getSpec().getSpec().getDevices();
    assertThat(devices.getRequests().getFirst().getName()).isEqualTo("channel");
    assertThat(devices.getRequests().getFirst().getExactly().getDeviceClassName())
        .isEqualTo("compute-domain-default-channel.nvidia.com");
    assertThat(devices.getConfig().getFirst().getOpaque().getDriver())
        .isEqualTo("compute-domain.nvidia.com");
    assertThat(json(devices.getConfig().getFirst().getOpaque().getParameters()))
        .isEqualTo(
            "{\"apiVersion\":\"resource.nvidia.com/v1beta1\",\"kind\":\"ComputeDomainChannelConfig\","
                + "\"domainID\":\""
                + UID
                + "\",\"allocationMode\":\"All\"}");
  }

  @Test
  @DisplayName(
      "the daemon template: computedomain-daemon-<UID> in the driver's namespace, request daemon"
          + " with the daemon config")
  void daemonTemplate() throws Exception {
    ResourceClaimTemplate template =
        objects.daemonClaimTemplate(domain(ChannelAllocationMode.SINGLE));

    assertThat(template.getMetadata().getName()).isEqualTo("computedomain-daemon-" + UID);
    assertThat(template.getMetadata().getNamespace()).isEqualTo("gpu-dra");
    assertThat(template.getMetadata().getLabels())
        .containsEntry("resource.nvidia.com/computeDomainTarget", "Daemon");
    var devices = template.getSpec().getSpec().getDevices();
    assertThat(devices.getRequests().getFirst().getExactly().getDeviceClassName())
        .isEqualTo("compute-domain-daemon.nvidia.com");
    assertThat(json(devices.getConfig().getFirst().getOpaque().getParameters()))
        .isEqualTo(
            "{\"apiVersion\":\"resource.nvidia.com/v1beta1\",\"kind\":\"ComputeDomainDaemonConfig\","
                + "\"domainID\":\""
                + UID
                + "\"}");
  }

  @Test
  @DisplayName("a domain not stored yet (no UID) gets no objects, with a message naming it")
  void needsAUid() {
    ComputeDomain unsaved = domain(ChannelAllocationMode.SINGLE);
    unsaved.getMetadata().setUid(null);

    assertThatThrownBy(() -> objects.workloadClaimTemplate(unsaved))
        .hasMessage("ComputeDomain team-a/imex has no UID: only a stored domain gets objects");
  }
}
