package dev.gpudra.allocator;

import io.fabric8.kubernetes.api.model.resource.v1.Device;

/**
 * The seam to the CEL engine: evaluates one DeviceClass or request selector against one device.
 *
 * <p>Implementations must be pure for a given expression and device; the allocator may call them in
 * any order and more than once.
 */
public interface SelectorEvaluator {

  /**
   * Evaluates {@code celExpression} for {@code device} as published by {@code driver}.
   *
   * @return {@link Verdict#match()}, {@link Verdict#noMatch()}, or {@link Verdict#error(String)}
   *     for a compile or runtime error; never throws for a bad expression
   */
  Verdict evaluate(String celExpression, String driver, Device device);
}
