package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.api.schema.Default;
import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.PodSecurityContext;
import io.fabric8.kubernetes.api.model.Toleration;
import java.util.List;
import java.util.Map;

/**
 * Settings common to every operand DaemonSet ({@code spec.daemonsets}).
 *
 * @param labels labels added to every operand pod
 * @param annotations annotations added to every operand pod
 * @param tolerations tolerations of every operand pod
 * @param priorityClassName the PriorityClass of every operand pod
 * @param updateStrategy how the DaemonSets are updated
 * @param rollingUpdate the rolling-update settings
 * @param podSecurityContext the pod security context of every operand pod
 * @param affinity (newer upstream) the affinity of every operand pod; NVIDIA's newer CRD leaves it
 *     an open object
 * @param nodeSelector (newer upstream) node labels every operand pod needs, merged with each
 *     operand's own
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DaemonsetsSpec(
    Map<String, String> labels,
    Map<String, String> annotations,
    List<Toleration> tolerations,
    String priorityClassName,
    @Default("\"RollingUpdate\"") UpdateStrategyType updateStrategy,
    RollingUpdateSpec rollingUpdate,
    PodSecurityContext podSecurityContext,
    Affinity affinity,
    Map<String, String> nodeSelector) {
  public DaemonsetsSpec {
    labels = Frozen.map(labels);
    annotations = Frozen.map(annotations);
    tolerations = Frozen.list(tolerations);
    nodeSelector = Frozen.map(nodeSelector);
  }
}
