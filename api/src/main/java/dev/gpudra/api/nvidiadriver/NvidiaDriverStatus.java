package dev.gpudra.api.nvidiadriver;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.api.schema.Required;
import io.fabric8.kubernetes.api.model.Condition;
import java.util.List;

/**
 * {@code status} of an NVIDIADriver, as NVIDIA's.
 *
 * @param state ready, notReady, disabled or ignored
 * @param namespace the operator's namespace, where the driver pods run
 * @param conditions {@code Ready} and {@code Error}, with NVIDIA's reasons
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record NvidiaDriverStatus(
    @Required NvidiaDriverState state, String namespace, List<Condition> conditions) {
  public NvidiaDriverStatus {
    conditions = conditions == null ? null : List.copyOf(conditions);
  }
}
