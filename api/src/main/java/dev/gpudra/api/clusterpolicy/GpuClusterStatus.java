package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.api.schema.Required;
import io.fabric8.kubernetes.api.model.Condition;
import java.util.List;

/**
 * {@code status} of a GPUCluster, as NVIDIA's.
 *
 * @param state ready, notReady or disabled
 * @param namespace the operator's namespace
 * @param conditions {@code Ready} and {@code Error}, with NVIDIA's reasons ({@link Reasons})
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record GpuClusterStatus(
    @Required GpuClusterState state, String namespace, List<Condition> conditions) {
  public GpuClusterStatus {
    conditions = conditions == null ? null : List.copyOf(conditions);
  }
}
