package dev.gpudra.operator.reconcile;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.PrimaryUpdateAndCacheUtils;
import java.net.HttpURLConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The finalizer that keeps a policy which runs the DRA driver until no node runs or leaves the
 * driver, so that the driver outlives the claims it prepared: on a GPUCluster NVIDIA's {@code
 * gpucluster.nvidia.com/dra-resourceclaim}; on a ClusterPolicy with {@code spec.draDriver},
 * gpu-dra's {@code gpu-dra.dev/dra-resourceclaim} (a ClusterPolicy without it gets none, as
 * NVIDIA's). Written as JSON patches of {@code metadata.finalizers}.
 *
 * @param name the finalizer
 */
record DraFinalizer(String name) {
  static final DraFinalizer CLUSTER_POLICY = new DraFinalizer("gpu-dra.dev/dra-resourceclaim");
  static final DraFinalizer GPU_CLUSTER =
      new DraFinalizer("gpucluster.nvidia.com/dra-resourceclaim");

  private static final Logger log = LoggerFactory.getLogger(DraFinalizer.class);

  /**
   * Adds or removes the finalizer on the primary resource of {@code context} so that it is there
   * exactly when {@code wanted}; {@code resource} gets the written resource version and finalizers
   * (unless the removal deleted it).
   */
  <P extends HasMetadata> void keep(P resource, Context<P> context, boolean wanted) {
    if (wanted == resource.hasFinalizer(name)) {
      return;
    }
    P written;
    try {
      written =
          wanted
              ? PrimaryUpdateAndCacheUtils.addFinalizer(context, name)
              : PrimaryUpdateAndCacheUtils.removeFinalizer(context, name);
    } catch (KubernetesClientException e) {
      if (e.getCode() == HttpURLConnection.HTTP_NOT_FOUND && !wanted) {
        return; // an earlier pass removed it, and the resource went with it
      }
      throw e;
    }
    log.info(
        "{} {}: finalizer {} {}",
        resource.getKind(),
        resource.getMetadata().getName(),
        name,
        wanted ? "added" : "removed");
    if (written != null) { // null: the last finalizer went, and the resource with it
      // not the whole metadata: a server-side-applied status must not carry managedFields
      resource.getMetadata().setResourceVersion(written.getMetadata().getResourceVersion());
      resource.getMetadata().setFinalizers(written.getMetadata().getFinalizers());
    }
  }

  /** Whether the resource holds this finalizer. */
  boolean on(HasMetadata resource) {
    return resource.hasFinalizer(name);
  }
}
