package dev.gpudra.localcluster.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.StatusCause;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * resource.k8s.io/v1 DeviceTaintRules (Kubernetes 1.37): listed in discovery, validated like the
 * API server's, status only through {@code /status}.
 */
class DeviceTaintRuleIT {
  static final ResourceDefinitionContext V1 =
      new ResourceDefinitionContext.Builder()
          .withGroup("resource.k8s.io")
          .withVersion("v1")
          .withPlural("devicetaintrules")
          .withKind("DeviceTaintRule")
          .withNamespaced(false)
          .build();

  private final KubernetesSerialization yaml = new KubernetesSerialization();
  private LocalApiServer server;
  private KubernetesClient client;

  @BeforeEach
  void start() {
    server = new LocalApiServer().start();
    client = server.client();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private GenericKubernetesResource rule(String name, String spec) {
    return yaml.unmarshal(
        "apiVersion: resource.k8s.io/v1\nkind: DeviceTaintRule\nmetadata: {name: "
            + name
            + "}\n"
            + spec,
        GenericKubernetesResource.class);
  }

  private static final String DRAIN =
      """
      spec:
        deviceSelector: {driver: gpu.nvidia.com, pool: node-a, device: gpu-0}
        taint: {key: gpu.nvidia.com/drain, value: maintenance, effect: NoExecute}
      status:
        conditions:
        - {type: EvictionInProgress, status: "True", reason: Set, lastTransitionTime: "2026-12-07T00:00:00Z"}
      """;

  @Test
  @DisplayName(
      "discovery lists devicetaintrules in resource.k8s.io/v1; a rule is stored without status")
  void served() {
    assertThat(client.getApiResources("resource.k8s.io/v1").getResources())
        .anySatisfy(r -> {
          assertThat(r.getName()).isEqualTo("devicetaintrules");
          assertThat(r.getNamespaced()).isFalse();
        });

    client.genericKubernetesResources(V1).resource(rule("drain-gpu-0", DRAIN)).create();

    GenericKubernetesResource stored =
        client.genericKubernetesResources(V1).withName("drain-gpu-0").get();
    assertThat(stored.get("spec", "taint", "effect").toString()).isEqualTo("NoExecute");
    assertThat(stored.getAdditionalProperties()).doesNotContainKey("status");
  }

  record Case(String name, String spec, String field) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> invalid() {
    return Stream.of(
        new Case(
            "driver not a DNS subdomain",
            "spec: {deviceSelector: {driver: GPU_Driver}, taint: {key: k, effect: None}}",
            "spec.deviceSelector.driver"),
        new Case(
            "pool part not a DNS subdomain",
            "spec: {deviceSelector: {pool: a//b}, taint: {key: k, effect: None}}",
            "spec.deviceSelector.pool"),
        new Case(
            "device not a DNS label",
            "spec: {deviceSelector: {device: gpu.0}, taint: {key: k, effect: None}}",
            "spec.deviceSelector.device"),
        new Case("no taint key", "spec: {taint: {effect: None}}", "spec.taint.key"),
        new Case(
            "bad taint value",
            "spec: {taint: {key: k, value: '-x', effect: None}}",
            "spec.taint.value"),
        new Case("no effect", "spec: {taint: {key: k}}", "spec.taint.effect"),
        new Case(
            "PreferNoSchedule is for nodes",
            "spec: {taint: {key: k, effect: PreferNoSchedule}}",
            "spec.taint.effect"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalid")
  @DisplayName("an invalid rule is refused with 422 naming the field, and not stored")
  void refused(Case c) {
    KubernetesClientException e =
        catchThrowableOfType(
            KubernetesClientException.class,
            () -> client.genericKubernetesResources(V1).resource(rule("bad", c.spec())).create());

    assertThat(e.getCode()).isEqualTo(422);
    assertThat(e.getStatus().getDetails().getCauses())
        .extracting(StatusCause::getField)
        .contains(c.field());
    assertThat(client.genericKubernetesResources(V1).list().getItems()).isEmpty();
  }

  @Test
  @DisplayName("status goes through /status: valid conditions are kept, a ninth is refused")
  void status() {
    client.genericKubernetesResources(V1).resource(rule("drain-gpu-0", DRAIN)).create();
    GenericKubernetesResource stored =
        client.genericKubernetesResources(V1).withName("drain-gpu-0").get();
    List<Map<String, Object>> conditions =
        IntStream.range(0, 9)
            .mapToObj(i ->
                Map.<String, Object>of(
                    "type", "T" + i,
                    "status", "True",
                    "reason", "Set",
                    "lastTransitionTime", "2026-12-07T00:00:00Z"))
            .toList();

    stored.setAdditionalProperty("status", Map.of("conditions", conditions.subList(0, 1)));
    client.genericKubernetesResources(V1).resource(stored).updateStatus();
    Object status =
        client
            .genericKubernetesResources(V1)
            .withName("drain-gpu-0")
            .get()
            .getAdditionalProperties()
            .get("status");
    assertThat(status).asString().contains("type=T0");

    stored = client.genericKubernetesResources(V1).withName("drain-gpu-0").get();
    stored.setAdditionalProperty("status", Map.of("conditions", conditions));
    GenericKubernetesResource tooMany = stored;
    KubernetesClientException e =
        catchThrowableOfType(
            KubernetesClientException.class,
            () -> client.genericKubernetesResources(V1).resource(tooMany).updateStatus());
    assertThat(e.getCode()).isEqualTo(422);
    assertThat(e.getMessage())
        .contains("status.conditions: Too many: 9: must have at most 8 items");
  }

  @Test
  @DisplayName("with fieldValidation=Strict, deviceClassName (removed in 1.35) is an unknown field")
  void removedField() {
    GenericKubernetesResource byClass =
        rule(
            "by-class",
            "spec: {deviceSelector: {deviceClassName: gpu.nvidia.com}, taint: {key: k, effect: None}}");

    KubernetesClientException e =
        catchThrowableOfType(
            KubernetesClientException.class,
            () ->
                client
                    .genericKubernetesResources(V1)
                    .resource(byClass)
                    .fieldValidation(
                        io.fabric8.kubernetes.client.dsl.FieldValidateable.Validation.STRICT)
                    .create());

    assertThat(e.getMessage()).contains("spec.deviceSelector.deviceClassName");
  }

  private String timeAdded(String name) {
    Object time =
        client
            .genericKubernetesResources(V1)
            .withName(name)
            .get()
            .get("spec", "taint", "timeAdded");
    return String.valueOf(time);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> taint(GenericKubernetesResource rule) {
    return (Map<String, Object>)
        ((Map<String, Object>) rule.getAdditionalProperties().get("spec")).get("taint");
  }

  @Test
  @DisplayName(
      "timeAdded: set on create when unset, kept when only the key changes, set anew when the"
          + " effect changes, as sent when the client sets it")
  void timeAdded() {
    Instant before = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    client
        .genericKubernetesResources(V1)
        .resource(rule("r", "spec: {taint: {key: k, effect: NoSchedule}}"))
        .create();
    String created = timeAdded("r");
    assertThat(Instant.parse(created)).isBetween(before, Instant.now());

    GenericKubernetesResource old = client.genericKubernetesResources(V1).withName("r").get();
    taint(old).put("key", "other");
    client.genericKubernetesResources(V1).resource(old).update();
    assertThat(timeAdded("r")).isEqualTo(created);

    GenericKubernetesResource sent =
        rule("s", "spec: {taint: {key: k, effect: NoSchedule, timeAdded: '2026-01-02T03:04:05Z'}}");
    client.genericKubernetesResources(V1).resource(sent).create();
    assertThat(timeAdded("s")).isEqualTo("2026-01-02T03:04:05Z");
    GenericKubernetesResource flip = client.genericKubernetesResources(V1).withName("s").get();
    taint(flip).put("effect", "NoExecute");
    client.genericKubernetesResources(V1).resource(flip).update();
    assertThat(Instant.parse(timeAdded("s"))).isAfterOrEqualTo(before);
  }
}
