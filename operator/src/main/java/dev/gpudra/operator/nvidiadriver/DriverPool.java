package dev.gpudra.operator.nvidiadriver;

import java.util.List;
import java.util.Map;

/**
 * The nodes of one NVIDIADriver that run one OS: one driver DaemonSet.
 *
 * @param driver the NVIDIADriver's name
 * @param osTag the OS as driver image tags end in it ({@code ubuntu24.04})
 * @param nodeSelector what the DaemonSet selects its nodes by: the driver's {@code nodeSelector},
 *     {@code nvidia.com/gpu.present}, the owner label and NFD's OS labels
 * @param nodes the nodes' names, sorted
 */
public record DriverPool(
    String driver, String osTag, Map<String, String> nodeSelector, List<String> nodes) {
  public DriverPool {
    nodeSelector = Map.copyOf(nodeSelector);
    nodes = List.copyOf(nodes);
  }
}
