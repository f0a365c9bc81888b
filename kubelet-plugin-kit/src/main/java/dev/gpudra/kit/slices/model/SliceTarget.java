package dev.gpudra.kit.slices.model;

import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import java.util.Objects;

/**
 * Whose slices these are: one driver on one node, publishing one pool named after the node.
 *
 * @param nodeName the node; also the pool name
 * @param driver the DRA driver name ({@code spec.driver})
 */
public record SliceTarget(String nodeName, String driver) {
  public SliceTarget {
    requireNonBlank(nodeName, "nodeName");
    requireNonBlank(driver, "driver");
  }

  public String poolName() {
    return nodeName;
  }

  /** {@code generateName} of new slices, as the upstream controller spells it. */
  public String generateName() {
    return nodeName + "-" + driver + "-";
  }

  /** True for slices of this driver on this node (any pool). */
  public boolean owns(ResourceSlice slice) {
    return slice.getSpec() != null
        && driver.equals(slice.getSpec().getDriver())
        && nodeName.equals(slice.getSpec().getNodeName());
  }

  /** True for slices of this target's pool. */
  public boolean ownsPool(ResourceSlice slice) {
    return owns(slice)
        && slice.getSpec().getPool() != null
        && poolName().equals(slice.getSpec().getPool().getName());
  }

  private static void requireNonBlank(String value, String name) {
    Objects.requireNonNull(value, name);
    if (value.isBlank()) {
      throw new IllegalArgumentException(name + " must not be blank");
    }
  }
}
