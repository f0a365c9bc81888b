package dev.gpudra.webhook.admission;

import static dev.gpudra.webhook.admission.Reviews.claim;
import static dev.gpudra.webhook.admission.Reviews.createClaim;
import static dev.gpudra.webhook.admission.Reviews.opaque;
import static dev.gpudra.webhook.admission.Reviews.review;
import static dev.gpudra.webhook.admission.Reviews.template;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gpudra.api.featuregates.FeatureGates;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ClaimAdmissionTest {
  private static final String GPU = "gpu.nvidia.com";
  private static final String CD = "compute-domain.nvidia.com";
  private static final String AT_0 = "spec.devices.config[0].opaque.parameters";
  private static final String GPU_CONFIG =
      "{\"apiVersion\":\"resource.nvidia.com/v1beta1\",\"kind\":\"GpuConfig\"";
  private static final String TIME_SLICING =
      GPU_CONFIG + ",\"sharing\":{\"strategy\":\"TimeSlicing\",\"timeSlicingConfig\":%s}}";
  private static final String TIME_SLICING_ON = "TimeSlicingSettings=true";

  private final ReviewCodec codec = new ReviewCodec();

  /** A review under feature gates, and what the webhook must answer. */
  record Case(
      String name, String gates, ObjectNode review, Verdict.Outcome outcome, String message) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(gpuConfigs(), vfioAndChannels(), claimShapes(), requests()).flatMap(s -> s);
  }

  /** GPU configs, with sharing, misspelled fields, gates, kinds and versions. */
  private static Stream<Case> gpuConfigs() {
    return Stream.of(
        allowed(
            "a GpuConfig without sharing", "", createClaim("v1", opaque(GPU, GPU_CONFIG + "}"))),
        allowed(
            "TimeSlicing with its gate on",
            TIME_SLICING_ON,
            createClaim("v1", opaque(GPU, TIME_SLICING.formatted("{\"interval\":\"Long\"}")))),
        invalid(
            "a misspelled field, named with its path in the config",
            TIME_SLICING_ON,
            createClaim("v1", opaque(GPU, TIME_SLICING.formatted("{\"intervall\":\"Long\"}"))),
            "1 configs failed to validate: error decoding object at "
                + AT_0
                + ": strict decoding error: unknown field \"sharing.timeSlicingConfig.intervall\""),
        invalid(
            "a bad interval",
            TIME_SLICING_ON,
            createClaim("v1", opaque(GPU, TIME_SLICING.formatted("{\"interval\":\"Longest\"}"))),
            "error decoding object at " + AT_0 + ": sharing.timeSlicingConfig.interval: "),
        invalid(
            "TimeSlicing with its gate off, as the plugin refuses it",
            "",
            createClaim("v1", opaque(GPU, TIME_SLICING.formatted("{\"interval\":\"Long\"}"))),
            "object at "
                + AT_0
                + " is invalid: sharing.strategy: \"TimeSlicing\" is selected as the GPU sharing"
                + " strategy, but the \"TimeSlicingSettings\" feature gate is not enabled"),
        invalid(
            "an MPS thread percentage over 100",
            "MPSSupport=true",
            createClaim(
                "v1",
                opaque(
                    GPU,
                    GPU_CONFIG
                        + ",\"sharing\":{\"strategy\":\"MPS\",\"mpsConfig\":"
                        + "{\"defaultActiveThreadPercentage\":101}}}")),
            "sharing.mpsConfig.defaultActiveThreadPercentage"),
        invalid(
            "a compute-domain kind under gpu.nvidia.com, which the GPU plugin cannot read",
            "",
            createClaim(
                "v1",
                opaque(
                    GPU,
                    "{\"apiVersion\":\"resource.nvidia.com/v1beta1\","
                        + "\"kind\":\"ComputeDomainChannelConfig\",\"domainID\":\"d\"}")),
            "error decoding object at "
                + AT_0
                + ": kind: unsupported kind \"ComputeDomainChannelConfig\", supported kinds:"
                + " GpuConfig, MigDeviceConfig, VfioDeviceConfig"),
        invalid(
            "another apiVersion",
            "",
            createClaim("v1", opaque(GPU, "{\"apiVersion\":\"v1\",\"kind\":\"GpuConfig\"}")),
            "apiVersion: unsupported apiVersion \"v1\", want \"resource.nvidia.com/v1beta1\""));
  }

  /** VFIO and channel configs, and other drivers' configs. */
  private static Stream<Case> vfioAndChannels() {
    return Stream.of(
        invalid(
            "a VfioDeviceConfig without PassthroughSupport",
            "",
            createClaim(
                "v1",
                opaque(
                    GPU,
                    "{\"apiVersion\":\"resource.nvidia.com/v1beta1\",\"kind\":\"VfioDeviceConfig\"}")),
            "is invalid: \"VfioDeviceConfig\" is used, but the \"PassthroughSupport\" feature gate"),
        allowed(
            "a VfioDeviceConfig with PassthroughSupport",
            "PassthroughSupport=true",
            createClaim(
                "v1",
                opaque(
                    GPU,
                    "{\"apiVersion\":\"resource.nvidia.com/v1beta1\",\"kind\":\"VfioDeviceConfig\"}"))),
        allowed(
            "another driver's config, which is not ours to judge",
            "",
            createClaim("v1", opaque("dra.example.com", "{\"anything\":[1,2]}"))),
        invalid(
            "a channel config without its domain",
            "",
            createClaim(
                "v1",
                opaque(
                    CD,
                    "{\"apiVersion\":\"resource.nvidia.com/v1beta1\","
                        + "\"kind\":\"ComputeDomainChannelConfig\",\"domainID\":\"\"}")),
            "object at " + AT_0 + " is invalid: "),
        allowed(
            "a channel config with its domain",
            "",
            createClaim(
                "v1",
                opaque(
                    CD,
                    "{\"apiVersion\":\"resource.nvidia.com/v1beta1\","
                        + "\"kind\":\"ComputeDomainChannelConfig\",\"domainID\":\"uid-1\","
                        + "\"allocationMode\":\"All\"}"))));
  }

  /** Templates, older API versions, and several entries at once. */
  private static Stream<Case> claimShapes() {
    return Stream.of(
        invalid(
            "a template, its path under spec.spec",
            "",
            review(
                "resourceclaimtemplates",
                "v1",
                "CREATE",
                template("v1", opaque(GPU, GPU_CONFIG + ",\"sharing\":{\"strategy\":\"X\"}}"))),
            "1 configs failed to validate: error decoding object at"
                + " spec.spec.devices.config[0].opaque.parameters: sharing.strategy: "),
        invalid(
            "a v1beta1 claim (requests without 'exactly')",
            "",
            createClaim("v1beta1", opaque(GPU, GPU_CONFIG + ",\"sharng\":{}}")),
            "error decoding object at "
                + AT_0
                + ": strict decoding error: unknown field \"sharng\""),
        invalid(
            "a v1beta2 template",
            "",
            review(
                "resourceclaimtemplates",
                "v1beta2",
                "CREATE",
                template("v1beta2", opaque(GPU, GPU_CONFIG + ",\"x\":1}"))),
            "spec.spec.devices.config[0].opaque.parameters: strict decoding error"),
        invalid(
            "two bad entries among good ones, each named, in list order",
            "",
            createClaim(
                "v1",
                opaque(GPU, GPU_CONFIG + "}"),
                opaque(GPU, GPU_CONFIG + ",\"a\":1}"),
                opaque("dra.example.com", "{}"),
                opaque(GPU, GPU_CONFIG + ",\"b\":1}")),
            "2 configs failed to validate: error decoding object at"
                + " spec.devices.config[1].opaque.parameters: strict decoding error: unknown field"
                + " \"a\"; error decoding object at spec.devices.config[3].opaque.parameters:"
                + " strict decoding error: unknown field \"b\""));
  }

  /** Requests with no config to judge, or malformed ones. */
  private static Stream<Case> requests() {
    return Stream.of(
        invalid(
            "parameters missing",
            "",
            createClaim(
                "v1", (ObjectNode) Reviews.parse("{\"opaque\":{\"driver\":\"" + GPU + "\"}}")),
            "error decoding object at " + AT_0 + ": opaque parameters are missing"),
        new Case(
            "a resource this webhook does not judge",
            "",
            review("pods", "v1", "CREATE", claim("v1")),
            Verdict.Outcome.BAD_REQUEST,
            "expected resource to be one of the supported versions for resourceclaims or"
                + " resourceclaimtemplates, got resource.k8s.io/v1, Resource=pods"),
        new Case(
            "a config list that is not a list",
            "",
            review(
                "resourceclaims",
                "v1",
                "CREATE",
                (ObjectNode)
                    Reviews.parse("{\"spec\":{\"devices\":{\"config\":{\"opaque\":{}}}}}")),
            Verdict.Outcome.BAD_REQUEST,
            "resourceclaims: spec.devices.config is not a list"),
        new Case(
            "a CREATE without an object",
            "",
            review("resourceclaims", "v1", "CREATE", null),
            Verdict.Outcome.BAD_REQUEST,
            "resourceclaims: the object is missing or not a JSON object"),
        allowed(
            "a DELETE, which brings no config",
            "",
            review("resourceclaims", "v1", "DELETE", null)));
  }

  private static Case allowed(String name, String gates, ObjectNode review) {
    return new Case(name, gates, review, Verdict.Outcome.ALLOWED, "");
  }

  private static Case invalid(String name, String gates, ObjectNode review, String message) {
    return new Case(name, gates, review, Verdict.Outcome.INVALID, message);
  }

  private Verdict admit(String gates, ObjectNode review) {
    ClaimAdmission admission =
        new ClaimAdmission(new OpaqueConfigValidator(FeatureGates.parse(gates)));
    return admission.admit(codec.read(Reviews.bytes(review)));
  }

  @DisplayName("each config of our drivers is judged as the plugin will judge it")
  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void judges(Case c) {
    Verdict verdict = admit(c.gates(), c.review());

    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(c.outcome());
    assertThat(verdict.message()).contains(c.message());
  }

  @Test
  @DisplayName(
      "an UPDATE that leaves the spec as it was is allowed (an old claim can lose its finalizer);"
          + " one that changes it is judged")
  void updates() {
    ObjectNode bad = claim("v1", opaque(GPU, GPU_CONFIG + ",\"a\":1}"));
    ObjectNode withFinalizer = bad.deepCopy();
    ((ObjectNode) withFinalizer.get("metadata")).putArray("finalizers").add("f");
    ObjectNode unchanged = review("resourceclaims", "v1", "UPDATE", withFinalizer);
    ((ObjectNode) unchanged.get("request")).set("oldObject", bad);
    ObjectNode changed = review("resourceclaims", "v1", "UPDATE", bad);
    ((ObjectNode) changed.get("request")).set("oldObject", claim("v1"));

    assertThat(admit("", unchanged).allowed()).isTrue();
    assertThat(admit("", changed).message()).startsWith("1 configs failed to validate");
  }

  @Test
  @DisplayName("a subresource (status) carries no new config and is allowed")
  void subresources() {
    ObjectNode review = createClaim("v1", opaque(GPU, GPU_CONFIG + ",\"a\":1}"));
    ((ObjectNode) review.get("request")).put("subResource", "status");

    assertThat(admit("", review).allowed()).isTrue();
  }
}
