package dev.gpudra.nvml.simulated;

import dev.gpudra.nvml.GpuLink;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a profile's {@code nvlink}: {@code nvswitchLinks} (every GPU on NVSwitches with that many
 * links) or {@code bridges} (links between pairs, {@code {gpus: [0, 1], links: 4}}); absent means
 * no NVLink. A GPU has at most {@value GpuLink#MAX_NVLINKS} links in all.
 */
final class NvLinkParser {
  private static final Set<String> KEYS = Set.of("nvswitchLinks", "bridges");
  private static final Set<String> BRIDGE_KEYS = Set.of("gpus", "links");

  NvLinks parse(Optional<ProfileNode> field, int gpuCount) {
    if (field.isEmpty()) {
      return NvLinks.NONE;
    }
    ProfileNode nvlink = field.get();
    nvlink.allowOnly(KEYS);
    Optional<ProfileNode> switchNode = nvlink.optional("nvswitchLinks");
    int switchLinks = switchNode.map(ProfileNode::intValue).orElse(0);
    if (switchNode.isPresent() && (switchLinks < 1 || switchLinks > GpuLink.MAX_NVLINKS)) {
      throw switchNode.get().fail("must be between 1 and " + GpuLink.MAX_NVLINKS);
    }
    List<NvLinks.Bridge> bridges = bridges(nvlink.list("bridges"), gpuCount);
    if (switchLinks > 0 && !bridges.isEmpty()) {
      throw nvlink.fail("give nvswitchLinks or bridges, not both");
    }
    return new NvLinks(switchLinks, bridges);
  }

  private static List<NvLinks.Bridge> bridges(List<ProfileNode> rows, int gpuCount) {
    List<NvLinks.Bridge> bridges = new ArrayList<>();
    Set<List<Integer>> pairs = new HashSet<>();
    int[] perGpu = new int[gpuCount];
    for (ProfileNode row : rows) {
      row.allowOnly(BRIDGE_KEYS);
      ProfileNode gpusNode = row.required("gpus");
      List<Integer> gpus = row.list("gpus").stream().map(ProfileNode::intValue).toList();
      if (gpus.size() != 2 || gpus.get(0).equals(gpus.get(1))) {
        throw gpusNode.fail("needs two different GPU indices, e.g. [0, 1]");
      }
      int first = Math.min(gpus.get(0), gpus.get(1));
      int second = Math.max(gpus.get(0), gpus.get(1));
      if (second >= gpuCount) {
        throw gpusNode.fail("GPU " + second + " does not exist; the profile has " + gpuCount);
      }
      if (!pairs.add(List.of(first, second))) {
        throw gpusNode.fail("GPUs " + first + " and " + second + " are bridged twice");
      }
      ProfileNode linksNode = row.required("links");
      int links = linksNode.intValue();
      if (links < 1 || links > GpuLink.MAX_NVLINKS) {
        throw linksNode.fail("must be between 1 and " + GpuLink.MAX_NVLINKS);
      }
      for (int gpu : List.of(first, second)) {
        perGpu[gpu] += links;
        if (perGpu[gpu] > GpuLink.MAX_NVLINKS) {
          throw linksNode.fail(
              "GPU "
                  + gpu
                  + " would have "
                  + perGpu[gpu]
                  + " NVLinks; at most "
                  + GpuLink.MAX_NVLINKS);
        }
      }
      bridges.add(new NvLinks.Bridge(first, second, links));
    }
    return bridges;
  }
}
