package dev.gpudra.allocator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.allocator.TaintRuleReader.Origin;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.resource.v1beta2.DeviceTaintRuleBuilder;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@DisplayName(
    "DeviceTaintRules are read from v1, v1beta2 and v1alpha3; what is not honoured is refused")
class TaintRuleReaderTest {
  private final KubernetesSerialization yaml = new KubernetesSerialization();
  private final TaintRuleReader files = new TaintRuleReader(Origin.FILE);

  private HasMetadata parse(String apiVersion, String spec) {
    return yaml.unmarshal(
        "apiVersion: " + apiVersion + "\nkind: DeviceTaintRule\nmetadata:\n  name: drain\n" + spec);
  }

  private static final String SPEC =
      """
      spec:
        deviceSelector:
          driver: gpu.nvidia.com
          pool: node-a
          device: gpu-0
        taint:
          key: gpu.nvidia.com/drain
          value: maintenance
          effect: NoExecute
      """;

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {"resource.k8s.io/v1", "resource.k8s.io/v1beta2", "resource.k8s.io/v1alpha3"})
  @DisplayName("each served version gives the same rule")
  void versions(String apiVersion) {
    TaintRule rule = files.read(parse(apiVersion, SPEC)).orElseThrow();

    assertThat(rule.name()).isEqualTo("drain");
    assertThat(rule.selector())
        .contains(
            new TaintRule.Selector(
                Optional.of("gpu.nvidia.com"), Optional.of("node-a"), Optional.of("gpu-0")));
    assertThat(Tolerations.describe(rule.taint()))
        .isEqualTo("gpu.nvidia.com/drain=maintenance:NoExecute");
  }

  @Test
  @DisplayName("the v1 rule is a generic resource (fabric8 7.7 has no v1 model)")
  void v1IsGeneric() {
    assertThat(parse("resource.k8s.io/v1", SPEC)).isInstanceOf(GenericKubernetesResource.class);
  }

  @Test
  @DisplayName("without deviceSelector the rule matches nothing; an empty one matches everything")
  void selectors() {
    String taint = "spec:\n  taint: {key: k, effect: NoSchedule}\n";
    DeviceId any = new DeviceId("d", "p", "x");

    assertThat(files.read(parse("resource.k8s.io/v1", taint)).orElseThrow().appliesTo(any))
        .isFalse();
    assertThat(
            files
                .read(parse("resource.k8s.io/v1", taint + "  deviceSelector: {}\n"))
                .orElseThrow()
                .appliesTo(any))
        .isTrue();
  }

  @Test
  @DisplayName("other objects are skipped")
  void others() {
    assertThat(
            files.among(
                List.of(
                    new ConfigMapBuilder().withNewMetadata().withName("x").endMetadata().build(),
                    new DeviceTaintRuleBuilder()
                        .withNewMetadata()
                        .withName("beta")
                        .endMetadata()
                        .withNewSpec()
                        .withNewTaint()
                        .withKey("k")
                        .withEffect("None")
                        .endTaint()
                        .endSpec()
                        .build())))
        .extracting(TaintRule::name)
        .containsExactly("beta");
  }

  @Test
  @DisplayName("fields removed in 1.35, unknown fields and missing required ones are refused")
  void refusals() {
    String taint = "  taint: {key: k, effect: NoSchedule}\n";
    assertThatThrownBy(() ->
            files.read(
                parse(
                    "resource.k8s.io/v1",
                    "spec:\n  deviceSelector: {deviceClassName: gpu.nvidia.com}\n" + taint)))
        .isInstanceOf(InvalidTaintRuleException.class)
        .hasMessage(
            "DeviceTaintRule drain: spec.deviceSelector.deviceClassName: removed from"
                + " DeviceTaintRule in Kubernetes 1.35; not honoured");
    assertThatThrownBy(
            () -> files.read(parse("resource.k8s.io/v1beta2", "spec:\n  taints: []\n" + taint)))
        .hasMessage("DeviceTaintRule drain: spec.taints: unknown field");
    assertThatThrownBy(() -> files.read(parse("resource.k8s.io/v1", "spec: {}\n")))
        .hasMessage("DeviceTaintRule drain: spec.taint: Required value");
    assertThatThrownBy(
            () -> files.read(parse("resource.k8s.io/v1", "spec:\n  taint: {effect: None}\n")))
        .hasMessage("DeviceTaintRule drain: spec.taint.key: Required value");
    assertThatThrownBy(() -> files.read(parse("resource.k8s.io/v2", "spec: {}\n")))
        .hasMessageStartingWith("DeviceTaintRule drain: apiVersion: resource.k8s.io/v2 is not");
  }

  @Test
  @DisplayName("an unknown effect is refused in a file, taken as stored from a server")
  void effects() {
    HasMetadata rule = parse("resource.k8s.io/v1", "spec:\n  taint: {key: k, effect: NoExcute}\n");

    assertThatThrownBy(() -> files.read(rule))
        .hasMessage(
            "DeviceTaintRule drain: spec.taint.effect: Unsupported value: \"NoExcute\":"
                + " supported values: \"NoExecute\", \"NoSchedule\", \"None\"");
    assertThat(new TaintRuleReader(Origin.SERVER).read(rule).orElseThrow().taint().getEffect())
        .isEqualTo("NoExcute");
  }

  @Test
  @DisplayName(
      "from a server, fields it would have pruned are skipped, as the scheduler never sees them")
  void serverPrunes() {
    HasMetadata rule =
        parse(
            "resource.k8s.io/v1",
            "spec:\n  deviceSelector: {deviceClassName: x, device: gpu-0}\n"
                + "  taint: {key: k, effect: NoSchedule}\n");

    TaintRule read = new TaintRuleReader(Origin.SERVER).read(rule).orElseThrow();

    assertThat(read.appliesTo(new DeviceId("d", "p", "gpu-0"))).isTrue();
    assertThat(read.appliesTo(new DeviceId("d", "p", "gpu-1"))).isFalse();
  }
}
