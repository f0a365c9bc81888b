package dev.gpudra.operator.render.nvidia.migmanager;

import dev.gpudra.operator.render.nvidia.migmanager.MigPartedDefaults.MigGpu;
import dev.gpudra.operator.render.nvidia.migmanager.MigPartedDefaults.MigProfileCount;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The mig-parted layouts ({@code version: v1}, {@code mig-configs}) of NVIDIA's {@code
 * default-mig-parted-config}, written from {@link MigPartedDefaults}: {@code all-disabled} and
 * {@code all-enabled} for every GPU, then one {@code all-<profile>} per profile with, for each GPU
 * family that has it, an entry filtered by the family's PCI device IDs asking for the most
 * instances it holds, then {@code all-balanced} the same way. One file thus serves every model, as
 * NVIDIA's does: mig-parted applies an entry only to the GPUs its {@code device-filter} matches.
 */
final class MigManagerDefaultLayouts {
  private MigManagerDefaultLayouts() {}

  /** The file, as the ConfigMap's {@code config.yaml}. */
  static String yaml() {
    StringBuilder out = new StringBuilder("version: v1\nmig-configs:\n");
    out.append("  all-disabled:\n    - devices: all\n      mig-enabled: false\n\n");
    out.append("  all-enabled:\n    - devices: all\n      mig-enabled: true\n");
    out.append("      mig-devices: {}\n");
    for (Map.Entry<String, List<Entry>> config : configs().entrySet()) {
      out.append("\n  ").append(config.getKey()).append(":\n");
      config.getValue().forEach(e -> e.appendTo(out));
    }
    return out.toString();
  }

  /** Each config's entries, the per-profile configs in first-seen order, then all-balanced. */
  static Map<String, List<Entry>> configs() {
    Map<String, List<Entry>> configs = new LinkedHashMap<>();
    for (MigGpu gpu : MigPartedDefaults.GPUS) {
      for (MigProfileCount profile : gpu.profiles()) {
        configs
            .computeIfAbsent(profile.configName(), k -> new ArrayList<>())
            .add(new Entry(gpu, List.of(profile)));
      }
    }
    List<Entry> balanced = new ArrayList<>();
    for (MigGpu gpu : MigPartedDefaults.GPUS) {
      balanced.add(new Entry(gpu, gpu.balanced()));
    }
    configs.put("all-balanced", balanced);
    return configs;
  }

  /** One entry of a config: MIG on, these instances, on every GPU of this family. */
  record Entry(MigGpu gpu, List<MigProfileCount> devices) {
    void appendTo(StringBuilder out) {
      String filter =
          gpu.deviceIds().stream().map(id -> '"' + id + '"').collect(Collectors.joining(", "));
      out.append("    # ").append(gpu.models()).append('\n');
      out.append("    - device-filter: [").append(filter).append("]\n");
      out.append("      devices: all\n      mig-enabled: true\n      mig-devices:\n");
      for (MigProfileCount d : devices) {
        out.append("        \"").append(d.profile()).append("\": ").append(d.count()).append('\n');
      }
    }
  }
}
