package dev.gpudra.demo.realnode;

import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.simulated.GpuProfile;
import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A simulated GPU's UUID derives from its node's name, so the real node's GPUs have other UUIDs
 * than the demo node it plays: a scenario that selects a GPU by UUID names the demo node's. These
 * are the demo node's GPU UUIDs, each mapped to the UUID of the real node's GPU at the same index.
 *
 * @param uuids the demo node's UUID to the real node's, in GPU index order
 */
record GpuUuids(Map<String, String> uuids) {
  GpuUuids {
    uuids = Map.copyOf(uuids);
  }

  /**
   * @param profile the simulated profile both run
   * @param demoNode the demo node played
   * @param realNode the real node's name
   */
  static GpuUuids between(String profile, String demoNode, String realNode) {
    GpuProfile loaded = new ProfileLoader().load(profile);
    List<GpuInfo> demo = new SimulatedNvml(loaded, demoNode).gpus();
    List<GpuInfo> real = new SimulatedNvml(loaded, realNode).gpus();
    Map<String, String> uuids = new LinkedHashMap<>();
    for (int i = 0; i < demo.size(); i++) {
      uuids.put(demo.get(i).uuid(), real.get(i).uuid());
    }
    return new GpuUuids(uuids);
  }

  /** The manifests with each of the demo node's GPU UUIDs replaced by the real node's. */
  String translate(String manifests) {
    String translated = manifests;
    for (Map.Entry<String, String> uuid : uuids.entrySet()) {
      translated = translated.replace(uuid.getKey(), uuid.getValue());
    }
    return translated;
  }
}
