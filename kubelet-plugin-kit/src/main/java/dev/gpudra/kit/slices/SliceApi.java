package dev.gpudra.kit.slices;

import dev.gpudra.kit.slices.model.SliceTarget;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceList;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.FilterWatchListDeletable;
import io.fabric8.kubernetes.client.dsl.Resource;
import java.util.List;

/** The ResourceSlice and Node calls the publisher makes, scoped to one driver on one node. */
final class SliceApi {
  private final KubernetesClient client;
  private final SliceTarget target;
  private final FieldSelectors selectors;

  SliceApi(KubernetesClient client, SliceTarget target, FieldSelectors selectors) {
    this.client = client;
    this.target = target;
    this.selectors = selectors;
  }

  /** The driver's slices on this node; field selectors server-side if supported, always here. */
  List<ResourceSlice> list() {
    return selected().list().getItems().stream().filter(target::owns).toList();
  }

  FilterWatchListDeletable<ResourceSlice, ResourceSliceList, Resource<ResourceSlice>> selected() {
    var slices = client.dynamicResourceAllocation().v1().resourcesSlices();
    if (selectors == FieldSelectors.CLIENT_SIDE) {
      return slices;
    }
    return slices
        .withField("spec.driver", target.driver())
        .withField("spec.nodeName", target.nodeName());
  }

  /** The Node's UID, for the owner reference. */
  String nodeUid() {
    Node node = client.nodes().withName(target.nodeName()).get();
    if (node == null || node.getMetadata().getUid() == null) {
      throw new IllegalStateException("Node " + target.nodeName() + " not found");
    }
    return node.getMetadata().getUid();
  }

  void delete(ResourceSlice slice) {
    client.resource(slice).delete(); // already gone counts as deleted
  }

  void update(ResourceSlice slice) {
    client.resource(slice).update();
  }

  void create(ResourceSlice slice) {
    client.resource(slice).create();
  }
}
