package dev.gpudra.allocator.explain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.allocator.Allocation;
import dev.gpudra.allocator.AllocationOutcome;
import dev.gpudra.allocator.Allocator;
import dev.gpudra.allocator.CandidateNode;
import dev.gpudra.allocator.ClusterState;
import dev.gpudra.allocator.FailureReason;
import dev.gpudra.allocator.Unsatisfiable;
import dev.gpudra.allocator.cel.DeviceSelectorEnv;
import dev.gpudra.allocator.cel.SelectorEnvOptions;
import dev.gpudra.allocator.matching.CelSelectorEvaluator;
import dev.gpudra.deviceclasses.model.DeviceClassFactory;
import dev.gpudra.deviceclasses.model.DeviceClassOptions;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.TaintBuilder;
import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.api.model.TolerationBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttributeBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplateBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceBuilder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

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

  private static Pod tolerating(String template, Toleration... tolerations) {
    return new PodBuilder((Pod) pod(template))
        .editSpec()
        .withTolerations(tolerations)
        .endSpec()
        .build();
  }

  private static List<CandidateNode> nodesWith(Node nodeA) {
    return List.of(CandidateNode.of(nodeA), new CandidateNode("node-b", Map.of()));
  }

  private static Node node(boolean cordoned, Taint... taints) {
    return new NodeBuilder()
        .withNewMetadata()
        .withName("node-a")
        .endMetadata()
        .withNewSpec()
        .withUnschedulable(cordoned)
        .withTaints(taints)
        .endSpec()
        .build();
  }

  private static final Taint GPU_TAINT =
      new TaintBuilder()
          .withKey("nvidia.com/gpu")
          .withValue("present")
          .withEffect("NoSchedule")
          .build();

  @Test
  @DisplayName(
      "a cordoned node is no fit, unless the pod tolerates node.kubernetes.io/unschedulable; the"
          + " devices are still explained")
  void cordonedNode() {
    List<ClaimReport> reports =
        explainer.explain(
            new ExplainInput(
                List.of(template("one", 1), pod("one")), cluster(), nodesWith(node(true))));

    assertThat(reports).allSatisfy(r -> assertThat(r.nodesThatFit()).isZero());
    Unsatisfiable cordoned = (Unsatisfiable) reports.get(1).outcomes().getFirst();
    assertThat(cordoned.reason()).isEqualTo(FailureReason.NODE_UNSCHEDULABLE);
    assertThat(ReportText.render(reports))
        .contains(
            "node node-a: unsatisfiable, node-unschedulable: the node is cordoned"
                + " (spec.unschedulable) and the pod does not tolerate"
                + " node.kubernetes.io/unschedulable:NoSchedule")
        .contains("chosen              gpu.nvidia.com/node-a/gpu-0");

    Toleration cordon =
        new TolerationBuilder()
            .withKey(CandidateNode.UNSCHEDULABLE)
            .withOperator("Exists")
            .withEffect("NoSchedule")
            .build();
    List<ClaimReport> tolerated =
        explainer.explain(
            new ExplainInput(
                List.of(template("one", 1), tolerating("one", cordon)),
                cluster(),
                nodesWith(node(true))));
    assertThat(tolerated.get(1).outcomes().getFirst()).isInstanceOf(Allocation.class);
  }

  record TaintCase(String name, Taint taint, List<Toleration> tolerations, boolean fits) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<TaintCase> taintCases() {
    Toleration exists = new TolerationBuilder().withOperator("Exists").build();
    Toleration equal =
        new TolerationBuilder().withKey("nvidia.com/gpu").withValue("present").build();
    Toleration wrongValue =
        new TolerationBuilder().withKey("nvidia.com/gpu").withValue("absent").build();
    Toleration noExecuteOnly =
        new TolerationBuilder()
            .withKey("nvidia.com/gpu")
            .withOperator("Exists")
            .withEffect("NoExecute")
            .build();
    Taint preferNo = new TaintBuilder().withKey("x").withEffect("PreferNoSchedule").build();
    return Stream.of(
        new TaintCase("NoSchedule, no toleration", GPU_TAINT, List.of(), false),
        new TaintCase("tolerate everything", GPU_TAINT, List.of(exists), true),
        new TaintCase("Equal with the value", GPU_TAINT, List.of(equal), true),
        new TaintCase("Equal with another value", GPU_TAINT, List.of(wrongValue), false),
        new TaintCase("other effect only", GPU_TAINT, List.of(noExecuteOnly), false),
        new TaintCase("PreferNoSchedule keeps no pod off", preferNo, List.of(), true));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("taintCases")
  @DisplayName("a node taint the pod does not tolerate makes the node no fit, naming the taint")
  void taintedNode(TaintCase c) {
    List<ClaimReport> reports =
        explainer.explain(
            new ExplainInput(
                List.of(
                    tolerating("one", c.tolerations().toArray(Toleration[]::new)),
                    template("one", 1)),
                cluster(),
                nodesWith(node(false, c.taint()))));

    AllocationOutcome onA = reports.getFirst().outcomes().getFirst();
    if (c.fits()) {
      assertThat(onA).isInstanceOf(Allocation.class);
    } else {
      assertThat(onA).isInstanceOf(Unsatisfiable.class);
      assertThat(((Unsatisfiable) onA).reason()).isEqualTo(FailureReason.NODE_TAINTED);
      assertThat(((Unsatisfiable) onA).message())
          .isEqualTo(
              "the node has taint nvidia.com/gpu=present:NoSchedule, which the pod does not"
                  + " tolerate");
    }
  }

  private static HasMetadata adminTemplate(String namespace) {
    ResourceClaimTemplate template = (ResourceClaimTemplate) template("admin", 1);
    template.getMetadata().setNamespace(namespace);
    template
        .getSpec()
        .getSpec()
        .getDevices()
        .getRequests()
        .getFirst()
        .getExactly()
        .setAdminAccess(true);
    return template;
  }

  private static Namespace namespace(String name, Map<String, String> labels) {
    return new NamespaceBuilder()
        .withNewMetadata()
        .withName(name)
        .withLabels(labels)
        .endMetadata()
        .build();
  }

  @Test
  @DisplayName(
      "an adminAccess request fits only in a namespace labelled"
          + " resource.kubernetes.io/admin-access=true")
  void adminAccessNeedsLabelledNamespace() {
    List<Namespace> namespaces =
        List.of(
            namespace("ops", Map.of("resource.kubernetes.io/admin-access", "true")),
            namespace("ns", Map.of("team", "ml")));
    List<ClaimReport> reports =
        explainer.explain(
            new ExplainInput(
                List.of(adminTemplate("ops"), adminTemplate("ns"), adminTemplate("unknown")),
                cluster(),
                nodes(),
                namespaces));

    assertThat(reports).extracting(ClaimReport::nodesThatFit).containsExactly(1L, 0L, 0L);
    Unsatisfiable refused = (Unsatisfiable) reports.get(1).outcomes().getFirst();
    assertThat(refused.reason()).isEqualTo(FailureReason.ADMIN_ACCESS_DENIED);
    assertThat(refused.message())
        .isEqualTo(
            "request gpu sets adminAccess, but namespace ns lacks the label"
                + " resource.kubernetes.io/admin-access=\"true\"; the API server refuses such a"
                + " claim");
    assertThat(((Unsatisfiable) reports.get(2).outcomes().getFirst()).message())
        .contains("namespace unknown (not among the given objects) lacks the label");
  }

  @Test
  @DisplayName("nothing to explain is an error that lists what was given")
  void nothingToExplain() {
    HasMetadata service =
        new ServiceBuilder()
            .withNewMetadata()
            .withName("web")
            .withNamespace("ns")
            .endMetadata()
            .build();

    assertThatThrownBy(
            () -> explainer.explain(new ExplainInput(List.of(service), cluster(), nodes())))
        .isInstanceOf(UnexplainableInputException.class)
        .hasMessageStartingWith("nothing to explain: none of Service ns/web is a ResourceClaim");
    assertThatThrownBy(() -> explainer.explain(new ExplainInput(List.of(), cluster(), nodes())))
        .isInstanceOf(UnexplainableInputException.class)
        .hasMessage("nothing to explain: no objects given");
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
