package dev.gpudra.api.v1beta1;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.Quantity;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ByteQuantityTest {
  /**
   * @param bytes the value in bytes, or null when refused
   * @param error a part of the refusal
   */
  record Case(String quantity, Long bytes, String error) {
    @Override
    public String toString() {
      return quantity;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case("512Mi", 512L << 20, null),
        new Case("40Gi", 40L << 30, null),
        new Case("2e9", 2_000_000_000L, null),
        new Case("0", 0L, null),
        new Case("1.5", 2L, null),
        new Case(
            "lots", null, "consumedCapacity.memory: invalid quantity \"lots\": want a quantity"),
        new Case("1e999999999", null, "invalid quantity \"1e999999999\""),
        new Case("1e999", null, "is not between 0 and 9223372036854775807 bytes"),
        new Case("8Ei", null, "is not between 0"),
        new Case("-1Mi", null, "is not between 0"),
        new Case("1" + "0".repeat(100), null, "at most 64 characters"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  @DisplayName(
      "a byte quantity from outside is read exactly (fractions rounded up) or refused naming the"
          + " field, its grammar checked before any arithmetic")
  void reads(Case c) {
    Quantity quantity = new Quantity(c.quantity());
    if (c.bytes() != null) {
      assertThat(ByteQuantity.bytes("consumedCapacity.memory", quantity)).isEqualTo(c.bytes());
    } else {
      assertThatThrownBy(() -> ByteQuantity.bytes("consumedCapacity.memory", quantity))
          .isInstanceOf(InvalidConfigException.class)
          .hasMessageContaining(c.error());
    }
  }
}
