package dev.gpudra.kit.names;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class KubeNamesTest {
  private static final Function<String, Optional<String>> UID = KubeNames::uuidProblem;
  private static final Function<String, Optional<String>> LABEL = KubeNames::labelProblem;
  private static final Function<String, Optional<String>> SUBDOMAIN = KubeNames::subdomainProblem;

  /**
   * @param problem the check
   * @param value what is checked
   * @param error a part of the reason, or null when the value passes
   */
  record Case(String name, Function<String, Optional<String>> problem, String value, String error) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case("API server UID", UID, "4b1d3c9e-7f6a-4e2b-9c8d-0a1b2c3d4e5f", null),
        new Case("upper-case UID", UID, "4B1D3C9E-7F6A-4E2B-9C8D-0A1B2C3D4E5F", null),
        new Case(
            "UID with ../",
            UID,
            "../../../../tmp/x",
            "\"../../../../tmp/x\" is not a Kubernetes UID (an RFC 4122 UUID"),
        new Case(
            "UUID with a path after it",
            UID,
            "4b1d3c9e-7f6a-4e2b-9c8d-0a1b2c3d4e5f/..",
            "is not a Kubernetes UID"),
        new Case("empty UID", UID, "", "\"\" is not a Kubernetes UID"),
        new Case("null UID", UID, null, "null is not a Kubernetes UID"),
        new Case("namespace", LABEL, "gpu-dra", null),
        new Case("blank namespace", LABEL, " ", "\" \" is not a DNS-1123 label"),
        new Case("namespace with a slash", LABEL, "a/b", "is not a DNS-1123 label"),
        new Case("namespace of 64 characters", LABEL, "a".repeat(64), "at most 63"),
        new Case("dotted name", SUBDOMAIN, "claim.v1", null),
        new Case("name ..", SUBDOMAIN, "..", "\"..\" is not a DNS-1123 subdomain"),
        new Case("name with a slash", SUBDOMAIN, "a/b", "is not a DNS-1123 subdomain"),
        new Case(
            "a megabyte of junk is cut short",
            SUBDOMAIN,
            "/".repeat(1 << 20),
            "\"" + "/".repeat(80) + "...\" is not"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  @DisplayName(
      "UIDs must be UUIDs and names DNS names: a value that passes holds no '/' and no '..'"
          + " element; a refusal quotes the value, cut short")
  void checks(Case c) {
    Optional<String> problem = c.problem().apply(c.value());
    if (c.error() == null) {
      assertThat(problem).isEmpty();
    } else {
      assertThat(problem)
          .get(org.assertj.core.api.InstanceOfAssertFactories.STRING)
          .contains(c.error());
    }
  }
}
