package dev.gpudra.operator.reconcile;

import dev.gpudra.operator.render.LastAppliedHash;
import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Writes a state's objects as NVIDIA's operator does: each owned by the policy (the garbage
 * collector removes them with it) and labelled with its state; created when absent, replaced only
 * when the hash of what was rendered differs from the stored one's, so a steady cluster sees no
 * write; a disabled state's objects deleted. An object seen or written with the rendered hash (or
 * seen absent when it should be) is not read again for {@link #TRUSTED} (a reconcile per node event
 * would otherwise read every object each time); after that it is, so one deleted or changed by hand
 * comes back.
 */
final class ObjectApplier {
  /** On every object the operator applies: the state it belongs to. */
  static final String STATE_LABEL = "gpu-dra.dev/operand-state";

  /** How long an object known to carry the rendered hash is trusted without reading it again. */
  static final Duration TRUSTED = Duration.ofMinutes(1);

  private final KubernetesClient client;
  private final Clock clock;

  /** The hash {@link Known} gives an object deleted or found absent. */
  private static final String ABSENT = "";

  private final LastAppliedHash hashes = new LastAppliedHash();
  private final Map<String, Known> known = new ConcurrentHashMap<>();

  /** The hash an object was last seen or written with, and when. */
  private record Known(String hash, Instant at) {}

  ObjectApplier(KubernetesClient client, Clock clock) {
    this.client = client;
    this.clock = clock;
  }

  /**
   * @return how many objects were written
   */
  int apply(HasMetadata owner, String state, List<HasMetadata> objects) {
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
      String key = key(stamped);
      String hash = stamped.getMetadata().getAnnotations().get(LastAppliedHash.ANNOTATION);
      Known seen = known.get(key);
      Instant now = clock.instant();
      if (seen != null && seen.hash().equals(hash) && seen.at().plus(TRUSTED).isAfter(now)) {
        continue; // written or read with this hash a moment ago: no request
      }
      Optional<HasMetadata> stored = Optional.ofNullable(client.resource(stamped).get());
      if (!hashes.needsWrite(stored, stamped)) {
        known.put(key, new Known(hash, now));
        continue;
      }
      if (stored.isEmpty()) {
        client.resource(stamped).create();
      } else {
        stamped.getMetadata().setResourceVersion(stored.get().getMetadata().getResourceVersion());
        client.resource(stamped).update();
      }
      known.put(key, new Known(hash, now));
      writes++;
    }
    return writes;
  }

  /**
   * Deletes those of {@code objects} that exist; one deleted or found absent a moment ago is not
   * read again (a steady cluster's disabled states cost no request).
   */
  void delete(List<HasMetadata> objects) {
    delete(objects, DeletionPropagation.BACKGROUND);
  }

  /**
   * Deletes those of {@code objects} that exist and leaves what they own: a driver DaemonSet's pods
   * keep running until the upgrade replaces each, as NVIDIA's orphan-deletes it.
   */
  void orphan(List<HasMetadata> objects) {
    delete(objects, DeletionPropagation.ORPHAN);
  }

  private void delete(List<HasMetadata> objects, DeletionPropagation propagation) {
    Instant now = clock.instant();
    for (HasMetadata object : objects) {
      String key = key(object);
      Known seen = known.get(key);
      if (seen != null && seen.hash().equals(ABSENT) && seen.at().plus(TRUSTED).isAfter(now)) {
        continue;
      }
      if (client.resource(object).get() != null) {
        client.resource(object).withPropagationPolicy(propagation).delete();
      }
      known.put(key, new Known(ABSENT, now));
    }
  }

  /** An object's identity: kind, namespace, name. */
  static String key(HasMetadata object) {
    return object.getKind()
        + "/"
        + object.getMetadata().getNamespace()
        + "/"
        + object.getMetadata().getName();
  }
}
