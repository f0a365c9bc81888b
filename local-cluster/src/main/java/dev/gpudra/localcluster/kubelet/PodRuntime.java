package dev.gpudra.localcluster.kubelet;

import io.fabric8.kubernetes.api.model.Pod;
import java.util.Set;

/**
 * What runs a started pod's containers for the kubelet stand-in: by default nothing (a demo pod is
 * its prepared claims and CDI devices); a runtime of the caller's may run some pods' containers for
 * real (the GPU plugin's MPS control daemons). Called on the pod's own worker, never on the sync
 * pass, so a container that takes a while does not hold up other pods.
 */
public interface PodRuntime {
  /** Runs nothing; every container is ready as soon as its pod started. */
  PodRuntime NONE =
      new PodRuntime() {
        @Override
        public void start(Pod pod, RunningPod started) {}

        @Override
        public boolean ready(RunningPod pod, String container) {
          return true;
        }

        @Override
        public void stop(RunningPod pod) {}
      };

  /**
   * Starts the pod's containers, once its claims are prepared.
   *
   * @throws RuntimeException a container cannot start; the pod stays Pending with the message
   */
  void start(Pod pod, RunningPod started);

  /** Whether the container passes its probes now (its pod's Ready condition follows). */
  boolean ready(RunningPod pod, String container);

  /** Stops the pod's containers, before its claims are unprepared and its deletion finished. */
  void stop(RunningPod pod);

  /**
   * The extended resources a device manager in this runtime allocates (device plugins): a pod
   * asking for them does not wait for a DRA claim for them. None by default.
   */
  default Set<String> deviceManagerResources() {
    return Set.of();
  }
}
