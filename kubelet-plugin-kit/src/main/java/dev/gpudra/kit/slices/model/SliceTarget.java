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

  /** The fewest hex digits of a slice's index in its name, as Kubernetes' controller writes it. */
  static final int INDEX_DIGITS = 5;

  /**
   * {@code generateName} of the pool's slice number {@code index}, as Kubernetes' slice controller
   * spells it since 1.36 (NVIDIA's 0.5 line): {@code <index>-<driver>-<node>-}, the index in hex,
   * zero-padded to {@value #INDEX_DIGITS} digits or the width of the pool's last index. That
   * controller reads the index back from the name to pair a slice with the one it wants; a slice
   * whose name has none it deletes and creates anew.
   *
   * @param sliceCount how many slices the pool has
   */
  public String generateName(int index, int sliceCount) {
    if (index < 0 || index >= sliceCount) {
      throw new IllegalArgumentException("slice index " + index + " of " + sliceCount);
    }
    int digits = Math.max(INDEX_DIGITS, Integer.toHexString(sliceCount - 1).length());
    String hex = Integer.toHexString(index);
    return "0".repeat(digits - hex.length()) + hex + "-" + driver + "-" + nodeName + "-";
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
