package dev.gpudra.operator.nvidiadriver;

import dev.gpudra.api.nvidiadriver.NvidiaDriver;
import dev.gpudra.operator.render.NodeOs;
import io.fabric8.kubernetes.api.model.Node;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * An NVIDIADriver's nodes in pools by OS, as NVIDIA's: one driver DaemonSet per OS, since the
 * driver image's tag ends in it. A node NFD has not labelled with its OS is in no pool (NVIDIA's
 * warns "Is NFD installed?" and skips it) and is reported.
 *
 * @param pools by OS tag
 * @param unlabelled the owned nodes without NFD's OS labels
 */
public record DriverPools(List<DriverPool> pools, List<String> unlabelled) {
  public DriverPools {
    pools = List.copyOf(pools);
    unlabelled = List.copyOf(unlabelled);
  }

  /**
   * @param driver the NVIDIADriver
   * @param owners every GPU node's owner
   * @param gpuNodes the GPU nodes
   */
  public static DriverPools of(NvidiaDriver driver, DriverOwners owners, List<Node> gpuNodes) {
    String name = driver.getMetadata().getName();
    Map<String, List<String>> nodesByTag = new TreeMap<>();
    Map<String, Map<String, String>> selectorByTag = new HashMap<>();
    List<String> unlabelled = new ArrayList<>();
    for (Node node : gpuNodes) {
      String nodeName = node.getMetadata().getName();
      if (!owners.of(nodeName).map(name::equals).orElse(false)) {
        continue;
      }
      Optional<String> tag = NodeOs.of(node);
      Map<String, String> os = NodeOs.selector(node);
      if (tag.isEmpty() || os.isEmpty()) {
        unlabelled.add(nodeName);
        continue;
      }
      nodesByTag.computeIfAbsent(tag.get(), t -> new ArrayList<>()).add(nodeName);
      selectorByTag.putIfAbsent(tag.get(), os);
    }
    List<DriverPool> pools = new ArrayList<>();
    nodesByTag.forEach((tag, nodes) -> {
      Map<String, String> selector =
          new TreeMap<>(Optional.ofNullable(driver.getSpec().nodeSelector()).orElse(Map.of()));
      selector.put(DriverOwners.GPU_PRESENT, "true");
      selector.put(NvidiaDriver.OWNER_LABEL, name);
      selector.putAll(selectorByTag.get(tag));
      pools.add(new DriverPool(name, tag, selector, nodes.stream().sorted().toList()));
    });
    return new DriverPools(pools, unlabelled.stream().sorted().toList());
  }
}
