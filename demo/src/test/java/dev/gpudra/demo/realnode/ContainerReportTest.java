package dev.gpudra.demo.realnode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.realcluster.node.NodeImages;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ContainerReportTest {
  private static final String METADATA =
      "{\"kind\":\"DeviceMetadata\",\"apiVersion\":\"metadata.resource.k8s.io/v1beta1\"}";

  @Test
  @DisplayName(
      "a container's report: its nvidia and vfio device nodes, MIG capabilities, IMEX channels,"
          + " device metadata lines and NVIDIA_ variables")
  void parses() {
    List<String> log =
        List.of(
            "fd",
            "null",
            "nvidia-caps",
            "nvidia-caps-imex-channels",
            "nvidia-uvm",
            "nvidia0",
            "nvidiactl",
            "vfio",
            "zero",
            "--vfio",
            "12",
            "vfio",
            "--caps",
            "nvidia-cap12",
            "nvidia-cap13",
            "--imex",
            "channel0",
            "--metadata",
            METADATA,
            "--env",
            "PATH=/bin",
            "NVIDIA_VISIBLE_DEVICES=void",
            "HOSTNAME=notebook",
            ContainerReport.DONE);

    ContainerReport report = ContainerReport.parse(log);

    assertThat(report.deviceNodes())
        .containsExactly(
            "/dev/nvidia-uvm",
            "/dev/nvidia0",
            "/dev/nvidiactl",
            "/dev/vfio/12",
            "/dev/vfio/vfio",
            "/dev/nvidia-caps/nvidia-cap12",
            "/dev/nvidia-caps/nvidia-cap13",
            "/dev/nvidia-caps-imex-channels/channel0");
    assertThat(report.environment()).containsExactly("NVIDIA_VISIBLE_DEVICES=void");
    assertThat(report.metadata()).containsExactly(METADATA);
  }

  @Test
  @DisplayName("the script prints the metadata files between the IMEX channels and the variables")
  void scriptReadsMetadata() {
    assertThat(ContainerReport.SCRIPT)
        .contains(
            "echo --imex; ls /dev/nvidia-caps-imex-channels 2>/dev/null; echo --metadata; find"
                + " /var/run/kubernetes.io/dra-device-attributes -type f -exec cat {} \\;"
                + " 2>/dev/null; echo --env;");
  }

  @Test
  @DisplayName("a report cut short is refused, naming what it got")
  void incomplete() {
    assertThatThrownBy(() -> ContainerReport.parse(List.of("null", "--vfio", "--caps")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not a complete report");
  }

  @Test
  @DisplayName("a scenario's pod runs busybox reporting in every container, claims untouched")
  void reportingPod() {
    Pod pod =
        new PodBuilder()
            .withNewMetadata()
            .withName("trainer")
            .endMetadata()
            .withNewSpec()
            .addNewResourceClaim()
            .withName("gpu")
            .withResourceClaimTemplateName("one-gpu")
            .endResourceClaim()
            .addNewContainer()
            .withName("ctr")
            .withImage("ubuntu:24.04")
            .withCommand("bash", "-c")
            .withArgs("nvidia-smi -L")
            .withNewResources()
            .addNewClaim()
            .withName("gpu")
            .endClaim()
            .endResources()
            .endContainer()
            .endSpec()
            .build();

    Pod reporting = RealNodeScenarios.reporting(pod);

    var container = reporting.getSpec().getContainers().getFirst();
    assertThat(container.getImage()).isEqualTo(NodeImages.BUSYBOX);
    assertThat(container.getImagePullPolicy()).isEqualTo("Never");
    assertThat(container.getCommand()).containsExactly("sh", "-c", ContainerReport.SCRIPT);
    assertThat(container.getArgs()).isEmpty();
    assertThat(container.getResources().getClaims()).hasSize(1);
    assertThat(reporting.getSpec().getResourceClaims())
        .isEqualTo(pod.getSpec().getResourceClaims());
  }
}
