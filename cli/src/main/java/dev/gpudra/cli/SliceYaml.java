package dev.gpudra.cli;

import dev.gpudra.gpu.discovery.Inventory;
import dev.gpudra.gpu.plugin.GpuPluginConfig;
import dev.gpudra.gpu.slices.DeviceModel;
import dev.gpudra.kit.slices.model.SlicePlanner;
import dev.gpudra.kit.slices.model.SliceTarget;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.List;

/**
 * Renders the ResourceSlices the plugin would create for a fresh node, through the same planner the
 * publisher uses. The owner reference is left out: the plugin fills it in with the Node's UID.
 */
final class SliceYaml {
  private final String nodeName;

  SliceYaml(String nodeName) {
    this.nodeName = nodeName;
  }

  String render(Inventory inventory) {
    SliceTarget target = new SliceTarget(nodeName, GpuPluginConfig.DRIVER_NAME);
    List<ResourceSlice> slices =
        new SlicePlanner(target, "")
            .plan(new DeviceModel(inventory.system()).devices(inventory.devices()), List.of())
            .creates();
    KubernetesSerialization serialization = new KubernetesSerialization();
    StringBuilder out = new StringBuilder();
    for (ResourceSlice slice : slices) {
      slice.getMetadata().setOwnerReferences(List.of());
      out.append(serialization.asYaml(slice));
    }
    return out.toString();
  }
}
