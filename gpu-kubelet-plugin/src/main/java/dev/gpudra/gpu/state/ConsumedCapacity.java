package dev.gpudra.gpu.state;

import dev.gpudra.api.v1beta1.ByteQuantity;
import dev.gpudra.api.v1beta1.InvalidConfigException;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.util.OptionalLong;

/**
 * The memory an allocation result consumed of a shared device, read from the claim's status as any
 * outside quantity is: a value that is no quantity, or one past {@link Long#MAX_VALUE} bytes, makes
 * the claim invalid (permanent), naming the field; it is never parsed by {@code BigDecimal}
 * unchecked.
 */
final class ConsumedCapacity {
  private ConsumedCapacity() {}

  /**
   * @throws InvalidClaimException naming the claim, the device and the field
   */
  static OptionalLong memory(ResourceClaim claim, DeviceRequestAllocationResult result) {
    Quantity memory =
        result.getConsumedCapacity() == null ? null : result.getConsumedCapacity().get("memory");
    if (memory == null) {
      return OptionalLong.empty();
    }
    try {
      return OptionalLong.of(ByteQuantity.bytes("consumedCapacity.memory", memory));
    } catch (InvalidConfigException e) {
      throw new InvalidClaimException(
          "claim "
              + AllocationCheck.describe(claim)
              + ": status.allocation.devices.results of device \""
              + result.getDevice()
              + "\": "
              + e.getMessage());
    }
  }
}
