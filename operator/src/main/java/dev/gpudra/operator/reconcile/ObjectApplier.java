package dev.gpudra.operator.reconcile;

import dev.gpudra.api.clusterpolicy.ClusterPolicy;
import dev.gpudra.operator.render.LastAppliedHash;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.HashMap;
import java.util.List;
import java.util.Optional;

/**
 * Writes a state's objects as NVIDIA's operator does: each owned by the ClusterPolicy (the garbage
 * collector removes them with it) and labelled with its state; created when absent, replaced only
 * when the hash of what was rendered differs from the stored one's, so a steady cluster sees no
 * write; a disabled state's objects deleted.
 */
final class ObjectApplier {
  /** On every object the operator applies: the state it belongs to. */
  static final String STATE_LABEL = "gpu-dra.dev/operand-state";

  private final KubernetesClient client;
  private final LastAppliedHash hashes = new LastAppliedHash();

  ObjectApplier(KubernetesClient client) {
    this.client = client;
  }

  /**
   * @return how many objects were written
   */
  int apply(ClusterPolicy owner, String state, List<HasMetadata> objects) {
    int writes = 0;
    for (HasMetadata object : objects) {
      HashMap<String, String> labels =
          new HashMap<>(
              Optional.ofNullable(object.getMetadata().getLabels()).orElse(java.util.Map.of()));
      labels.put(STATE_LABEL, state);
      object.getMetadata().setLabels(labels);
      object
          .getMetadata()
          .setOwnerReferences(
              List.of(
                  new OwnerReferenceBuilder()
                      .withApiVersion(owner.getApiVersion())
                      .withKind(owner.getKind())
                      .withName(owner.getMetadata().getName())
                      .withUid(owner.getMetadata().getUid())
                      .withController(true)
                      .withBlockOwnerDeletion(true)
                      .build()));
      HasMetadata stamped = hashes.stamp(object);
      Optional<HasMetadata> stored = Optional.ofNullable(client.resource(stamped).get());
      if (!hashes.needsWrite(stored, stamped)) {
        continue;
      }
      if (stored.isEmpty()) {
        client.resource(stamped).create();
      } else {
        stamped.getMetadata().setResourceVersion(stored.get().getMetadata().getResourceVersion());
        client.resource(stamped).update();
      }
      writes++;
    }
    return writes;
  }

  /** Deletes those of {@code objects} that exist. */
  void delete(List<HasMetadata> objects) {
    for (HasMetadata object : objects) {
      if (client.resource(object).get() != null) {
        client.resource(object).delete();
      }
    }
  }
}
