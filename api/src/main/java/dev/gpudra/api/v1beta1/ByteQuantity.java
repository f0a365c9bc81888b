package dev.gpudra.api.v1beta1;

import io.fabric8.kubernetes.api.model.Quantity;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * A number of bytes given as a Kubernetes quantity by someone else (a claim's {@code
 * consumedCapacity}), read as the MPS limits are: the grammar and length are checked on the text
 * before any arithmetic, so that {@code lots} names its field and {@code 1e999999999} costs
 * nothing.
 */
public final class ByteQuantity {
  private static final BigDecimal MAX_BYTES = BigDecimal.valueOf(Long.MAX_VALUE);

  private ByteQuantity() {}

  /**
   * @param path the field's path, for the error
   * @return the quantity in bytes, fractions rounded up
   * @throws InvalidConfigException naming the field when the value is no quantity, negative or
   *     above {@link Long#MAX_VALUE} bytes
   */
  public static long bytes(String path, Quantity quantity) {
    BigDecimal bytes = MemoryLimit.value(MemoryLimit.parsed(path, quantity, "quantity"));
    if (bytes.signum() < 0 || bytes.compareTo(MAX_BYTES) > 0) {
      throw new InvalidConfigException(
          path,
          "invalid quantity: " + quantity + " is not between 0 and " + Long.MAX_VALUE + " bytes");
    }
    return bytes.setScale(0, RoundingMode.CEILING).longValueExact();
  }
}
