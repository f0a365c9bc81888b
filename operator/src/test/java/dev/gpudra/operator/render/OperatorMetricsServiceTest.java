package dev.gpudra.operator.render;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.operator.render.dispatch.StateObjects;
import dev.gpudra.operator.states.OperandState;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Service;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

class OperatorMetricsServiceTest {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  /** A policy's {@code spec.operator} and whether it asks for the operator's ServiceMonitor. */
  record Case(String name, String operator, boolean monitored) {
    @Override
    public String toString() {
      return name;
    }
  }

  static final List<Case> CASES =
      List.of(
          new Case(
              "no metrics block (NVIDIA's: written where the CRD is)",
              "{defaultRuntime: containerd}",
              true),
          new Case("serviceMonitor without enabled", "{metrics: {serviceMonitor: {}}}", true),
          new Case(
              "serviceMonitor disabled",
              "{metrics: {serviceMonitor: {enabled: false, interval: 30s}}}",
              false),
          new Case("serviceMonitor enabled", "{metrics: {serviceMonitor: {enabled: true}}}", true));

  private static OperandContext context(String operator) throws IOException {
    return new OperandContext(
        "gpu-operator",
        YAML.readValue("operator: " + operator + "\n", ClusterPolicySpec.class),
        "gpu-dra:1");
  }

  @ParameterizedTest(name = "{0}")
  @FieldSource("CASES")
  @DisplayName(
      "the Service always; its ServiceMonitor where prometheus-operator's CRD is, unless"
          + " serviceMonitor.enabled is false")
  void theServiceMonitorFollowsEnabled(Case policy) throws IOException {
    StateObjects objects =
        StateObjects.of(OperandState.OPERATOR_METRICS, context(policy.operator()));

    assertThat(objects.notBuilt()).isEmpty();
    assertThat(objects.objects())
        .extracting(o -> o.getKind() + "/" + o.getMetadata().getName())
        .containsExactlyElementsOf(
            policy.monitored()
                ? List.of("Service/gpu-operator", "ServiceMonitor/gpu-operator")
                : List.of("Service/gpu-operator"));
  }

  @Test
  @DisplayName("without prometheus-operator's CRD, no ServiceMonitor, enabled or not (as NVIDIA's)")
  void noServiceMonitorWithoutTheCrd() throws IOException {
    OperandContext withCrd = context("{metrics: {serviceMonitor: {enabled: true}}}");
    OperandContext without =
        new OperandContext(
            withCrd.namespace(),
            withCrd.spec(),
            withCrd.gpuDraImage(),
            withCrd.imageEnv(),
            withCrd.runtime(),
            withCrd.nodeOs(),
            false);

    assertThat(OperatorMetricsService.objects(without))
        .extracting(HasMetadata::getKind)
        .containsExactly("Service");
  }

  @Test
  @DisplayName(
      "NVIDIA's operator ServiceMonitor, with the policy's scrape settings on its endpoint")
  void theServiceMonitorIsNvidiasWithThePolicysSettings() throws IOException {
    List<HasMetadata> objects =
        OperatorMetricsService.objects(
            context(
                "{metrics: {serviceMonitor: {enabled: true, interval: 1m, scrapeTimeout: 30s,"
                    + " honorLabels: true, additionalLabels: {release: prom},"
                    + " relabelings: [{action: keep, sourceLabels: [__meta_kubernetes_pod_name],"
                    + " regex: 'gpu-operator-.*'}]}}}"));

    JsonNode expected =
        YAML.readTree(
            """
            apiVersion: monitoring.coreos.com/v1
            kind: ServiceMonitor
            metadata:
              name: gpu-operator
              namespace: gpu-operator
              labels: {app: gpu-operator, release: prom}
            spec:
              endpoints:
              - port: gpu-operator-metrics
                path: /metrics
                interval: 1m
                scrapeTimeout: 30s
                honorLabels: true
                relabelings:
                - action: keep
                  regex: gpu-operator-.*
                  sourceLabels: [__meta_kubernetes_pod_name]
              jobLabel: operator
              namespaceSelector: {matchNames: [gpu-operator]}
              selector: {matchLabels: {app: gpu-operator}}
            """);
    assertThat(YAML.valueToTree(objects.get(1)).equals(expected))
        .as("rendered:%n%s", YAML.writeValueAsString(objects.get(1)))
        .isTrue();
    Service service = (Service) objects.getFirst();
    assertThat(service.getMetadata().getLabels())
        .as("the label the ServiceMonitor selects")
        .containsEntry("app", "gpu-operator");
    assertThat(service.getSpec().getPorts())
        .extracting(p -> p.getName())
        .containsExactly("gpu-operator-metrics");
  }
}
