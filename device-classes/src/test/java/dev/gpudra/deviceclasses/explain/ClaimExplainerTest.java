package dev.gpudra.deviceclasses.explain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.deviceclasses.allocation.Allocation;
import dev.gpudra.deviceclasses.allocation.Allocator;
import dev.gpudra.deviceclasses.allocation.CandidateNode;
import dev.gpudra.deviceclasses.allocation.ClusterState;
import dev.gpudra.deviceclasses.allocation.Unsatisfiable;
import dev.gpudra.deviceclasses.cel.DeviceSelectorEnv;
import dev.gpudra.deviceclasses.cel.SelectorEnvOptions;
import dev.gpudra.deviceclasses.matching.CelSelectorEvaluator;
import dev.gpudra.deviceclasses.model.DeviceClassFactory;
import dev.gpudra.deviceclasses.model.DeviceClassOptions;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttributeBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplateBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceBuilder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ClaimExplainerTest {
  private final ClaimExplainer explainer =
      new ClaimExplainer(
          new Allocator(
              new CelSelectorEvaluator(new DeviceSelectorEnv(SelectorEnvOptions.defaults()))));

  private static Device device(String name, String type) {
    return new DeviceBuilder()
        .withName(name)
        .withAttributes(Map.of("type", new DeviceAttributeBuilder().withString(type).build()))
        .build();
  }

  private static ResourceSlice slice(String node, Device... devices) {
    return new ResourceSliceBuilder()
        .withNewMetadata()
        .withName(node + "-slice")
        .endMetadata()
        .withNewSpec()
        .withDriver("gpu.nvidia.com")
        .withNodeName(node)
        .withNewPool()
        .withName(node)
        .withGeneration(1L)
        .withResourceSliceCount(1L)
        .endPool()
        .withDevices(devices)
        .endSpec()
        .build();
  }

  private static ClusterState cluster() {
    Map<String, DeviceClass> classes = new LinkedHashMap<>();
    new DeviceClassFactory()
        .deviceClasses(DeviceClassOptions.allDrivers())
        .forEach(c -> classes.put(c.getMetadata().getName(), c));
    return new ClusterState(
        classes,
        List.of(
            slice("node-a", device("gpu-0", "gpu"), device("gpu-1", "gpu")),
            slice("node-b", device("gpu-0-mig-1g5gb-19-0", "mig"))),
        Set.of());
  }

  private static List<CandidateNode> nodes() {
    return List.of(new CandidateNode("node-a", Map.of()), new CandidateNode("node-b", Map.of()));
  }

  private static HasMetadata template(String name, long count) {
    return new ResourceClaimTemplateBuilder()
        .withNewMetadata()
        .withName(name)
        .withNamespace("ns")
        .endMetadata()
        .withNewSpec()
        .withNewSpec()
        .withNewDevices()
        .addNewRequest()
        .withName("gpu")
        .withNewExactly()
        .withDeviceClassName("gpu.nvidia.com")
        .withCount(count)
        .endExactly()
        .endRequest()
        .endDevices()
        .endSpec()
        .endSpec()
        .build();
  }

  private static HasMetadata pod(String template) {
    return new PodBuilder()
        .withNewMetadata()
        .withName("trainer")
        .withNamespace("ns")
        .endMetadata()
        .withNewSpec()
        .addNewResourceClaim()
        .withName("gpus")
        .withResourceClaimTemplateName(template)
        .endResourceClaim()
        .endSpec()
        .build();
  }

  @Test
  @DisplayName("a Pod's template claim is explained on every node, with a summary per claim")
  void podThroughTemplate() {
    List<ClaimReport> reports =
        explainer.explain(
            new ExplainInput(List.of(template("two", 2), pod("two")), cluster(), nodes()));
    assertThat(reports)
        .extracting(ClaimReport::claim)
        .containsExactly("ResourceClaimTemplate ns/two", "Pod ns/trainer claim gpus");
    ClaimReport pod = reports.get(1);
    assertThat(pod.outcomes().get(0)).isInstanceOf(Allocation.class);
    assertThat(pod.outcomes().get(1)).isInstanceOf(Unsatisfiable.class);
    assertThat(pod.nodesThatFit()).isEqualTo(1);
    assertThat(ReportText.render(reports))
        .contains("Pod ns/trainer claim gpus: fits on 1 of 2 nodes")
        .contains("node node-b: unsatisfiable")
        .contains("0 devices match, 2 needed");
  }

  @Test
  @DisplayName("a CEL runtime error the scheduler would meet is named in the claim's summary")
  void abortingErrorInSummary() {
    ResourceClaimTemplateBuilder broken =
        new ResourceClaimTemplateBuilder(
            (io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate)
                template("broken", 1));
    HasMetadata template =
        broken
            .editSpec()
            .editSpec()
            .editDevices()
            .editFirstRequest()
            .editExactly()
            .addNewSelector()
            .withNewCel("device.attributes['gpu.nvidia.com'].nope == 1")
            .endSelector()
            .endExactly()
            .endRequest()
            .endDevices()
            .endSpec()
            .endSpec()
            .build();

    List<ClaimReport> reports =
        explainer.explain(new ExplainInput(List.of(template), cluster(), nodes()));

    assertThat(reports.getFirst().abortingError()).isPresent();
    assertThat(ReportText.render(reports))
        .contains(
            "ResourceClaimTemplate ns/broken: fits on 0 of 2 nodes; kube-scheduler aborts on a CEL"
                + " runtime error: request gpu: CEL runtime error on gpu.nvidia.com/node-a/gpu-0");
  }

  @Test
  @DisplayName("a Pod referring to a template that was not given is a clear error")
  void missingTemplate() {
    assertThatThrownBy(
            () -> explainer.explain(new ExplainInput(List.of(pod("nope")), cluster(), nodes())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Pod ns/trainer claim gpus")
        .hasMessageContaining("ResourceClaimTemplate nope");
  }
}
