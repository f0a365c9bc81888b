package dev.gpudra.allocator.cel.library;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Quantity;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Parsing of the two Kubernetes value types, checked against fabric8 and semver 2.0.0. */
class ValueTypesTest {

  record QuantityCase(String name, String text) {
    @Override
    public String toString() {
      return name;
    }
  }

  record SemverCase(String name, String text, boolean normalize, String expected) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<QuantityCase> quantities() {
    return Stream.of(
        new QuantityCase("binary SI", "81559Mi"),
        new QuantityCase("decimal SI", "80G"),
        new QuantityCase("milli", "1500m"),
        new QuantityCase("nano", "5n"),
        new QuantityCase("exponent", "12e6"),
        new QuantityCase("fraction with suffix", "1.5Gi"),
        new QuantityCase("plain", "128"),
        new QuantityCase("peta binary", "3Pi"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("quantities")
  @DisplayName("quantity values are exactly fabric8's numerical amounts")
  void quantityMatchesFabric8(QuantityCase c) {
    KubeQuantity ours = KubeQuantity.parse(c.text()).orElseThrow();

    assertThat(ours.value()).isEqualByComparingTo(new Quantity(c.text()).getNumericalAmount());
  }

  @org.junit.jupiter.api.Test
  @DisplayName("exa-binary quantities stay exact (fabric8 rounds them through a double)")
  void exaBinaryIsExact() {
    assertThat(KubeQuantity.parse("2Ei").orElseThrow().value())
        .isEqualByComparingTo(new java.math.BigDecimal("2305843009213693952"));
  }

  static Stream<SemverCase> semvers() {
    return Stream.of(
        new SemverCase("release", "580.95.5", false, "580.95.5"),
        new SemverCase("pre-release and build", "1.0.0-rc.1+sha.5", false, "1.0.0-rc.1+sha.5"),
        new SemverCase("leading zero rejected", "580.95.05", false, null),
        new SemverCase("leading zero in numeric pre-release rejected", "1.0.0-01", false, null),
        new SemverCase("v prefix rejected", "v1.0.0", false, null),
        new SemverCase("empty pre-release id rejected", "1.0.0-a..b", false, null),
        new SemverCase("normalize leading zero", "580.95.05", true, "580.95.5"),
        new SemverCase("normalize v and missing parts", "v8", true, "8.0.0"),
        new SemverCase("normalize keeps pre-release", "v1.2-beta.1", true, "1.2.0-beta.1"),
        new SemverCase("normalize rejects four parts", "1.2.3.4", true, null));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("semvers")
  @DisplayName("semver parsing is strict unless normalized the Kubernetes way")
  void semverParsing(SemverCase c) {
    var parsed = c.normalize() ? Semver.parseNormalized(c.text()) : Semver.parse(c.text());

    assertThat(parsed.map(Semver::toString).orElse(null)).isEqualTo(c.expected());
  }
}
