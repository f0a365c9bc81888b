package dev.gpudra.allocator.cel;

/** Feature gates that change the DRA CEL environment. */
public enum SelectorFeature {
  /**
   * {@code DRAConsumableCapacity}: declares {@code device.allowMultipleAllocations}. Without it,
   * referencing the field is a compile error ({@code undefined field}).
   */
  CONSUMABLE_CAPACITY
}
