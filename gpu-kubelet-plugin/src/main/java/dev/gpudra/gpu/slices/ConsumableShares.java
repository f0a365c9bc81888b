package dev.gpudra.gpu.slices;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.resource.v1.CapacityRequestPolicy;
import io.fabric8.kubernetes.api.model.resource.v1.CapacityRequestPolicyBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceCapacity;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceCapacityBuilder;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How GPUs are shared between claims through Kubernetes' consumable capacity (the ConsumableShares
 * gate with {@code --consumable-shares}, {@code CONSUMABLE_SHARES}, NVIDIA's names): {@code memory}
 * (a claim takes the whole memory unless it asks for less, from 1Mi), {@code unlimited} (nothing
 * unless it asks), or {@code N} shares (one per claim by default, besides memory from 0).
 *
 * @param mode {@code disabled}, {@code memory}, {@code unlimited} or {@code shares}
 * @param shares the number of shares for {@code shares}, else 0
 */
public record ConsumableShares(String mode, long shares) {
  public static final ConsumableShares DISABLED = new ConsumableShares("disabled", 0);
  private static final long MIB = 1024L * 1024L;

  /**
   * @throws IllegalArgumentException naming the flag for anything else
   */
  public static ConsumableShares parse(String value) {
    String v = value == null ? "" : value.strip();
    switch (v) {
      case "", "disabled":
        return DISABLED;
      case "memory", "unlimited":
        return new ConsumableShares(v, 0);
      default:
        try {
          long n = Long.parseLong(v);
          if (n > 0) {
            return new ConsumableShares("shares", n);
          }
        } catch (NumberFormatException e) {
          // falls through to the error below
        }
        throw new IllegalArgumentException(
            "--consumable-shares (CONSUMABLE_SHARES) must be disabled, memory, unlimited or a"
                + " positive number of shares, got \""
                + v
                + "\"");
    }
  }

  public boolean enabled() {
    return !"disabled".equals(mode);
  }

  /**
   * A shared device's capacity: memory (rounded down to whole MiB, the policy's step) with this
   * mode's request policy, and {@code shares} for {@code N}.
   */
  Map<String, DeviceCapacity> capacity(long memoryBytes) {
    long max = memoryBytes / MIB * MIB;
    Map<String, DeviceCapacity> capacity = new LinkedHashMap<>();
    boolean memoryByDefault = "memory".equals(mode);
    capacity.put(
        "memory",
        new DeviceCapacityBuilder()
            .withValue(Quantities.binary(max))
            .withRequestPolicy(
                policy(
                    memoryByDefault ? Quantities.binary(max) : new Quantity("0"),
                    memoryByDefault ? new Quantity("1Mi") : new Quantity("0"),
                    Quantities.binary(max),
                    new Quantity("1Mi")))
            .build());
    if ("shares".equals(mode)) {
      capacity.put(
          "shares",
          new DeviceCapacityBuilder()
              .withValue(Quantities.count(shares))
              .withRequestPolicy(
                  policy(
                      new Quantity("1"),
                      new Quantity("1"),
                      Quantities.count(shares),
                      new Quantity("1")))
              .build());
    }
    return capacity;
  }

  private static CapacityRequestPolicy policy(
      Quantity defaultValue, Quantity min, Quantity max, Quantity step) {
    return new CapacityRequestPolicyBuilder()
        .withDefault(defaultValue)
        .withNewValidRange()
        .withMin(min)
        .withMax(max)
        .withStep(step)
        .endValidRange()
        .build();
  }
}
