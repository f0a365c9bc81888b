package dev.gpudra.nvml.simulated;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Turns a profile's YAML tree into a validated {@link GpuProfile}. */
final class ProfileParser {
  /** More GPUs than any server holds (8 to 16 today), few enough to keep the plugin small. */
  static final int MAX_GPUS = 64;

  private static final Set<String> KEYS =
      Set.of("driverVersion", "cudaDriverVersion", "gpus", "pci", "nvlink");

  private final ModelCatalog models;
  private final GroupParser groups = new GroupParser();
  private final PciParser pci = new PciParser();
  private final NvLinkParser nvlink = new NvLinkParser();

  ProfileParser(ModelCatalog models) {
    this.models = models;
  }

  GpuProfile parse(String name, String source, JsonNode tree) {
    ProfileNode root = ProfileNode.root(source, tree);
    root.allowOnly(KEYS);
    String driver = root.required("driverVersion").text();
    if (!driver.matches("\\d+\\.\\d+(\\.\\d+)?")) {
      throw root.required("driverVersion").fail("'" + driver + "' is not like 580.95.05");
    }
    ProfileNode cudaNode = root.required("cudaDriverVersion");
    if (cudaNode.intValue() < 1000) {
      throw cudaNode.fail("expected major*1000 + minor*10, e.g. 13000, got " + cudaNode.intValue());
    }
    List<ProfileNode> groupNodes = root.list("gpus");
    if (groupNodes.isEmpty()) {
      throw root.required("gpus").fail("needs at least one GPU group");
    }
    List<GpuGroup> parsed = new ArrayList<>();
    for (ProfileNode groupNode : groupNodes) {
      parsed.add(groups.parse(models.resolve(groupNode)));
    }
    int gpuCount = parsed.stream().mapToInt(GpuGroup::count).sum();
    if (gpuCount > MAX_GPUS) {
      throw root.required("gpus")
          .fail(gpuCount + " GPUs in all; a node has at most " + MAX_GPUS + " in a profile");
    }
    List<PciSlot> slots = pci.parse(root, gpuCount);
    NvLinks links = nvlink.parse(root.optional("nvlink"), gpuCount);
    try {
      return new GpuProfile(name, driver, cudaNode.intValue(), parsed, slots, links);
    } catch (IllegalArgumentException e) {
      throw root.optional("pci").orElse(root).fail(e.getMessage());
    }
  }
}
