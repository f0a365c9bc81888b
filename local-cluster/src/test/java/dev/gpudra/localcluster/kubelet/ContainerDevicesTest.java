package dev.gpudra.localcluster.kubelet;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.kit.PreparedDevice;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ContainerDevicesTest {
  private static PreparedDevice device(String request, String name) {
    return new PreparedDevice(
        List.of(request),
        "node",
        name,
        List.of("k8s.gpu.nvidia.com/claim=u-" + name),
        Optional.empty());
  }

  @Test
  @DisplayName("a container gets the whole claim, or only the devices of the request it names")
  void resolvesPerContainer() {
    Pod pod =
        new PodBuilder()
            .withNewSpec()
            .addNewContainer()
            .withName("all")
            .withNewResources()
            .addNewClaim()
            .withName("gpus")
            .endClaim()
            .endResources()
            .endContainer()
            .addNewContainer()
            .withName("big")
            .withNewResources()
            .addNewClaim()
            .withName("gpus")
            .withRequest("big")
            .endClaim()
            .endResources()
            .endContainer()
            .addNewContainer()
            .withName("none")
            .endContainer()
            .endSpec()
            .build();
    Map<String, List<PreparedDevice>> prepared =
        Map.of("gpus", List.of(device("big", "gpu-0"), device("small", "gpu-0-mig-1g5gb-19-0")));
    assertThat(ContainerDevices.resolve(pod, prepared))
        .containsEntry(
            "all",
            List.of(
                "k8s.gpu.nvidia.com/claim=u-gpu-0",
                "k8s.gpu.nvidia.com/claim=u-gpu-0-mig-1g5gb-19-0"))
        .containsEntry("big", List.of("k8s.gpu.nvidia.com/claim=u-gpu-0"))
        .containsEntry("none", List.of());
  }

  @Test
  @DisplayName("an extended resource gets the devices of the request the scheduler mapped it to")
  void extendedResources() {
    Pod pod =
        new PodBuilder()
            .withNewSpec()
            .addNewContainer()
            .withName("trainer")
            .withNewResources()
            .addToLimits("nvidia.com/gpu", new io.fabric8.kubernetes.api.model.Quantity("1"))
            .endResources()
            .endContainer()
            .addNewContainer()
            .withName("sidecar")
            .endContainer()
            .endSpec()
            .withNewStatus()
            .withNewExtendedResourceClaimStatus()
            .withResourceClaimName("trainer-extended-resources-x7k2")
            .addNewRequestMapping()
            .withContainerName("trainer")
            .withResourceName("nvidia.com/gpu")
            .withRequestName("container-0-request-0")
            .endRequestMapping()
            .endExtendedResourceClaimStatus()
            .endStatus()
            .build();
    Map<String, List<PreparedDevice>> prepared =
        Map.of(
            ContainerDevices.EXTENDED_RESOURCES, List.of(device("container-0-request-0", "gpu-3")));

    assertThat(PodClaims.requestsExtendedResources(pod)).isTrue();
    assertThat(ContainerDevices.resolve(pod, prepared))
        .containsEntry("trainer", List.of("k8s.gpu.nvidia.com/claim=u-gpu-3"))
        .containsEntry("sidecar", List.of());
  }

  @Test
  @DisplayName("cpu, memory and kubernetes.io resources are not extended resources")
  void nativeResources() {
    Pod pod =
        new PodBuilder()
            .withNewSpec()
            .addNewContainer()
            .withName("c")
            .withNewResources()
            .addToLimits("cpu", new io.fabric8.kubernetes.api.model.Quantity("1"))
            .addToLimits("hugepages-2Mi", new io.fabric8.kubernetes.api.model.Quantity("2Mi"))
            .addToRequests(
                "requests.kubernetes.io/x", new io.fabric8.kubernetes.api.model.Quantity("1"))
            .endResources()
            .endContainer()
            .endSpec()
            .build();

    assertThat(PodClaims.requestsExtendedResources(pod)).isFalse();
  }
}
