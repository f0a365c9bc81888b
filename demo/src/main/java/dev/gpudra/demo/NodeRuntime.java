package dev.gpudra.demo;

import dev.gpudra.localcluster.kubelet.PodRuntime;
import dev.gpudra.localcluster.kubelet.RunningPod;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.List;

/**
 * The demo node's container runtime: each pod goes to every runtime (each runs only the pods it
 * knows, MPS control daemons or ComputeDomain daemons); a container is ready when all agree.
 */
record NodeRuntime(List<PodRuntime> runtimes) implements PodRuntime {
  NodeRuntime {
    runtimes = List.copyOf(runtimes);
  }

  @Override
  public void start(Pod pod, RunningPod started) {
    runtimes.forEach(r -> r.start(pod, started));
  }

  @Override
  public boolean ready(RunningPod pod, String container) {
    return runtimes.stream().allMatch(r -> r.ready(pod, container));
  }

  @Override
  public void stop(RunningPod pod) {
    runtimes.forEach(r -> r.stop(pod));
  }
}
