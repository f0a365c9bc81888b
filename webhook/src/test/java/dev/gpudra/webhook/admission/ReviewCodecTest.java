package dev.gpudra.webhook.admission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ReviewCodecTest {
  private final ReviewCodec codec = new ReviewCodec();

  /** A body that is not an AdmissionReview, and what the refusal says. */
  record Malformed(String name, String body, String message) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Malformed> malformed() {
    return Stream.of(
        new Malformed("empty", "", "not a JSON object"),
        new Malformed("not JSON", "{\"apiVersion\":", "request could not be decoded"),
        new Malformed(
            "trailing garbage",
            "{\"apiVersion\":\"admission.k8s.io/v1\",\"kind\":\"AdmissionReview\","
                + "\"request\":{\"uid\":\"u\"}} {}",
            "more data after the AdmissionReview"),
        new Malformed("a list", "[]", "not a JSON object"),
        new Malformed("an empty object", "{}", "unsupported group version kind"),
        new Malformed(
            "a v1beta1 review",
            "{\"apiVersion\":\"admission.k8s.io/v1beta1\",\"kind\":\"AdmissionReview\"}",
            "apiVersion \"admission.k8s.io/v1beta1\""),
        new Malformed(
            "no request",
            "{\"apiVersion\":\"admission.k8s.io/v1\",\"kind\":\"AdmissionReview\"}",
            "AdmissionReview has no request object"),
        new Malformed(
            "no uid",
            "{\"apiVersion\":\"admission.k8s.io/v1\",\"kind\":\"AdmissionReview\","
                + "\"request\":{\"uid\":7}}",
            "request.uid is missing"));
  }

  @DisplayName("a body that is not a v1 AdmissionReview with a request is refused, saying why")
  @ParameterizedTest(name = "{0}")
  @MethodSource("malformed")
  void refusesMalformed(Malformed c) {
    assertThatThrownBy(() -> codec.read(c.body().getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(MalformedReviewException.class)
        .hasMessageContaining(c.message());
  }

  @Test
  @DisplayName("the request's uid, resource, operation and object are read")
  void reads() {
    AdmissionRequest request = codec.read(Reviews.bytes(Reviews.createClaim("v1beta2")));

    assertThat(request.uid()).isEqualTo("705ab4f5-6393-11e8-b7cc-42010a800002");
    assertThat(request.resource())
        .isEqualTo(new ResourceRef("resource.k8s.io", "v1beta2", "resourceclaims"));
    assertThat(request.operation()).isEqualTo("CREATE");
    assertThat(request.describe()).isEqualTo("ns/c");
    assertThat(request.object().path("kind").asText()).isEqualTo("ResourceClaim");
    assertThat(request.oldObject().isMissingNode()).isTrue();
  }

  @Test
  @DisplayName(
      "the answer is a v1 AdmissionReview with the uid; a denial carries NVIDIA's status message"
          + " and reason")
  void writes() {
    JsonNode allowed = Reviews.parse(new String(codec.write("u1", Verdict.allow())));
    JsonNode denied =
        Reviews.parse(new String(codec.write("u2", Verdict.invalid("1 configs failed"))));

    assertThat(allowed.toString())
        .isEqualTo(
            "{\"apiVersion\":\"admission.k8s.io/v1\",\"kind\":\"AdmissionReview\","
                + "\"response\":{\"uid\":\"u1\",\"allowed\":true}}");
    assertThat(denied.at("/response/allowed").asBoolean()).isFalse();
    assertThat(denied.at("/response/uid").asText()).isEqualTo("u2");
    assertThat(denied.at("/response/status/message").asText()).isEqualTo("1 configs failed");
    assertThat(denied.at("/response/status/reason").asText()).isEqualTo("Invalid");
  }
}
