package dev.gpudra.testsupport.devicemanager;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ExtendedResourceNameTest {
  record Case(String name, String resource, Optional<String> problem) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Case ok(String resource) {
    return new Case(resource + " is extended", resource, Optional.empty());
  }

  static Case bad(String name, String resource, String problem) {
    return new Case(name, resource, Optional.of(problem));
  }

  static Stream<Case> cases() {
    return Stream.of(
        ok("nvidia.com/gpu"),
        ok("nvidia.com/gpu.shared"),
        ok("nvidia.com/mig-1g.5gb"),
        ok("example.com/gpu"),
        bad("no domain", "gpu", "has no domain: a native resource name"),
        bad(
            "kubernetes.io domain",
            "kubernetes.io/gpu",
            "is in a kubernetes.io domain: a native resource name"),
        bad(
            "a kubernetes.io subdomain",
            "node.kubernetes.io/gpu",
            "is in a kubernetes.io domain: a native resource name"),
        bad("quota's prefix", "requests.nvidia.com/gpu", "starts with requests."),
        bad("upper-case domain", "NVIDIA.com/gpu", "has a domain that is not a DNS subdomain"),
        bad("empty name part", "nvidia.com/", "has a name part that is not a qualified name"),
        bad(
            "name part with a slash",
            "nvidia.com/a/b",
            "has a name part that is not a qualified name"),
        bad(
            "name part too long",
            "nvidia.com/" + "g".repeat(64),
            "has a name part that is not a qualified name"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  @DisplayName(
      "a plugin registers only an extended resource name: <domain>/<name>, outside kubernetes.io,"
          + " a qualified name under quota's requests. prefix")
  void checks(Case c) {
    assertThat(ExtendedResourceName.problem(c.resource())).isEqualTo(c.problem());
  }
}
