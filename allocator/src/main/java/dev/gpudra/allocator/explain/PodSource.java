package dev.gpudra.allocator.explain;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.ReplicaSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.batch.v1.CronJob;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobTemplateSpec;
import java.util.Objects;
import java.util.Optional;

/**
 * A Pod, or the pods a workload creates: their spec, and where they live (the workload's namespace;
 * a pod template's own namespace is ignored, as the controllers do).
 *
 * @param owner the Pod or workload, as the answer names it
 * @param spec the pod spec
 */
record PodSource(ObjectRef owner, PodSpec spec) {
  PodSource {
    Objects.requireNonNull(owner, "owner");
    Objects.requireNonNull(spec, "spec");
  }

  /** The namespace the pods run in. */
  String namespace() {
    return owner.effectiveNamespace();
  }

  /**
   * The pod spec of a Pod, Deployment, StatefulSet, DaemonSet, ReplicaSet, Job or CronJob; empty
   * for any other object, or one without a spec.
   */
  static Optional<PodSource> of(HasMetadata object) {
    PodSpec spec =
        switch (object) {
          case Pod p -> p.getSpec();
          case Deployment d -> d.getSpec() == null ? null : spec(d.getSpec().getTemplate());
          case StatefulSet s -> s.getSpec() == null ? null : spec(s.getSpec().getTemplate());
          case DaemonSet d -> d.getSpec() == null ? null : spec(d.getSpec().getTemplate());
          case ReplicaSet r -> r.getSpec() == null ? null : spec(r.getSpec().getTemplate());
          case Job j -> j.getSpec() == null ? null : spec(j.getSpec().getTemplate());
          case CronJob c -> c.getSpec() == null ? null : spec(c.getSpec().getJobTemplate());
          default -> null;
        };
    return Optional.ofNullable(spec).map(s -> new PodSource(ObjectRef.of(object), s));
  }

  private static PodSpec spec(JobTemplateSpec template) {
    return template == null || template.getSpec() == null
        ? null
        : spec(template.getSpec().getTemplate());
  }

  private static PodSpec spec(PodTemplateSpec template) {
    return template == null ? null : template.getSpec();
  }
}
