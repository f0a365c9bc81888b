package dev.gpudra.webhook.admission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.api.featuregates.FeatureGates;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Reviews built to hurt: what the webhook answers, and what it keeps of them. */
class HostileReviewTest {
  private static final String GPU_CONFIG =
      "{\"apiVersion\":\"resource.nvidia.com/v1beta1\",\"kind\":\"GpuConfig\"}";

  private final ReviewCodec codec = new ReviewCodec();
  private final ClaimAdmission admission =
      new ClaimAdmission(new OpaqueConfigValidator(FeatureGates.defaults()));

  /** A raw review body, and the start of what the webhook must answer (a denial or a 400). */
  record Case(String name, String body, String answer) {
    @Override
    public String toString() {
      return name;
    }
  }

  static String review(String request) {
    return "{\"apiVersion\":\"admission.k8s.io/v1\",\"kind\":\"AdmissionReview\",\"request\":{"
        + request
        + "}}";
  }

  static String claimReview(String object) {
    return review(
        "\"uid\":\"u\",\"operation\":\"CREATE\",\"resource\":{\"group\":\"resource.k8s.io\","
            + "\"version\":\"v1\",\"resource\":\"resourceclaims\"},\"object\":"
            + object);
  }

  static String claimWith(String... parameters) {
    String configs =
        Stream.of(parameters)
            .map(p -> "{\"opaque\":{\"driver\":\"gpu.nvidia.com\",\"parameters\":" + p + "}}")
            .collect(Collectors.joining(","));
    return claimReview("{\"spec\":{\"devices\":{\"config\":[" + configs + "]}}}");
  }

  static Stream<Case> cases() {
    String at0 = "error decoding object at spec.devices.config[0].opaque.parameters: ";
    return Stream.of(
        new Case(
            "a key twice in parameters, which the plugin's strict decoder refuses",
            claimWith(GPU_CONFIG.replace("}", ",\"kind\":\"MigDeviceConfig\"}")),
            "denied: 1 configs failed to validate: "
                + at0
                + "opaque parameters are not valid"
                + " JSON: Duplicate field 'kind'"),
        new Case(
            "parameters over the API server's 10 KiB",
            claimWith("{\"pad\":\"" + "x".repeat(10_300) + "\"}"),
            "denied: 1 configs failed to validate: "
                + at0
                + "Too long: may not be more than"
                + " 10240 bytes"),
        new Case(
            "parameters given as a JSON list",
            claimWith("[" + GPU_CONFIG + "]"),
            "denied: 1 configs failed to validate: "
                + at0
                + "opaque parameters must be a JSON"
                + " object"),
        new Case(
            "33 configs, past the API server's 32",
            claimWith(IntStream.range(0, 33).mapToObj(i -> GPU_CONFIG).toArray(String[]::new)),
            "400: request.object.spec.devices.config: must have at most 32 items"),
        new Case(
            "a field twice in the request",
            review("\"uid\":\"u\",\"uid\":\"v\""),
            "400: duplicate field \"request.uid\""),
        new Case(
            "an object nested 20,000 deep",
            claimReview("{\"metadata\":" + "[".repeat(20_000) + "]".repeat(20_000) + "}"),
            "400: request could not be decoded: Document nesting depth (101) exceeds"),
        new Case(
            "a 70 KiB uid",
            review("\"uid\":\"" + "u".repeat(70 * 1024) + "\""),
            "400: request could not be decoded: String value length"),
        new Case(
            "a 7 MB list in the metadata, which is skipped unread",
            claimReview(
                "{\"metadata\":{\"x\":["
                    + "1,".repeat(3_500_000)
                    + "1]},\"spec\":{\"devices\":{\"config\":[{\"opaque\":{\"driver\":"
                    + "\"gpu.nvidia.com\",\"parameters\":"
                    + GPU_CONFIG
                    + "}}]}}}"),
            "allowed"));
  }

  @DisplayName("each hostile review is answered by a denial naming the field, or a 400 saying why")
  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void answers(Case c) {
    assertThat(answer(c.body())).startsWith(c.answer());
  }

  private String answer(String body) {
    AdmissionRequest request;
    try {
      request = codec.read(body.getBytes(StandardCharsets.UTF_8));
    } catch (MalformedReviewException e) {
      return "400: " + e.getMessage();
    }
    Verdict verdict = admission.admit(request);
    return verdict.allowed() ? "allowed" : "denied: " + verdict.message();
  }

  @Test
  @DisplayName("of a review, only the configs are kept: a 7 MB annotation costs no memory after")
  void keepsOnlyConfigs() {
    String object =
        "{\"apiVersion\":\"resource.k8s.io/v1\",\"kind\":\"ResourceClaim\",\"metadata\":"
            + "{\"annotations\":{\"a\":\""
            + "x".repeat(7_000_000)
            + "\"}},\"spec\":{\"devices\":{\"requests\":[{\"name\":\"gpu\"}],\"config\":[{"
            + "\"requests\":[\"gpu\"],\"opaque\":{\"driver\":\"gpu.nvidia.com\",\"parameters\":"
            + GPU_CONFIG
            + "}}]}},\"status\":{}}";

    AdmissionRequest request = codec.read(claimReview(object).getBytes(StandardCharsets.UTF_8));

    assertThat(request.object().toString())
        .isEqualTo(
            "{\"apiVersion\":\"resource.k8s.io/v1\",\"kind\":\"ResourceClaim\",\"spec\":"
                + "{\"devices\":{\"config\":[{\"opaque\":{\"driver\":\"gpu.nvidia.com\","
                + "\"parameters\":{\"json\":"
                + Reviews.JSON.valueToTree(GPU_CONFIG)
                + ",\"overLimit\":false}}}]}}}");
  }

  @Test
  @DisplayName("a body past the byte limit is refused as too large once the limit is passed")
  void refusesPastTheLimit() {
    ReviewReader reader = new ReviewReader(1024);
    byte[] body = claimWith("{\"pad\":\"" + "x".repeat(2000) + "\"}").getBytes();

    assertThatThrownBy(() -> reader.read(new ByteArrayInputStream(body)))
        .isInstanceOf(ReviewTooLargeException.class)
        .hasMessage("request body over 1024 bytes");
  }
}
