package dev.gpudra.cli;

import dev.gpudra.gpu.discovery.Inventory;
import dev.gpudra.gpu.plugin.GpuPluginConfig;
import dev.gpudra.gpu.slices.DeviceModel;
import dev.gpudra.kit.slices.model.SlicePlanner;
import dev.gpudra.kit.slices.model.SliceTarget;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesList;
import io.fabric8.kubernetes.api.model.KubernetesListBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.List;

/**
 * Renders the ResourceSlices the plugin would create for a fresh node, through the same planner the
 * publisher uses. The owner reference is left out: the plugin fills it in with the Node's UID.
 */
final class SliceYaml {
  private final KubernetesSerialization serialization = new KubernetesSerialization();
  private final String nodeName;

  SliceYaml(String nodeName) {
    this.nodeName = nodeName;
  }

  /** One YAML document per slice, as {@code kubectl apply -f} takes them. */
  String render(Inventory inventory) {
    StringBuilder out = new StringBuilder();
    for (ResourceSlice slice : slices(inventory)) {
      out.append(serialization.asYaml(slice));
    }
    return out.toString();
  }

  /** A {@code v1 List} of the slices, as {@code kubectl get -o json} prints several objects. */
  String renderJson(Inventory inventory) {
    KubernetesList list =
        new KubernetesListBuilder().withItems(List.<HasMetadata>copyOf(slices(inventory))).build();
    return serialization.asJson(list) + "\n";
  }

  private List<ResourceSlice> slices(Inventory inventory) {
    SliceTarget target = new SliceTarget(nodeName, GpuPluginConfig.DRIVER_NAME);
    List<ResourceSlice> slices =
        new SlicePlanner(target, "")
            .plan(new DeviceModel(inventory.system()).devices(inventory.devices()), List.of())
            .creates();
    slices.forEach(s -> s.getMetadata().setOwnerReferences(List.of()));
    return slices;
  }
}
