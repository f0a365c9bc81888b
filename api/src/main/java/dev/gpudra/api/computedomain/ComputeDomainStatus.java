package dev.gpudra.api.computedomain;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.fabric8.kubernetes.api.model.Condition;
import java.util.List;

/**
 * What the controller sees of a domain.
 *
 * @param status {@code NotReady} while fewer than {@code numNodes} nodes joined or any is not ready
 * @param nodes the nodes whose daemons joined
 * @param conditions beyond NVIDIA's: why the domain is not Ready (a daemon pod pending or crashing,
 *     IMEX not ready on a node, a node over the clique limit, a channel claim waiting)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ComputeDomainStatus(
    DomainStatus status,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<ComputeDomainNode> nodes,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Condition> conditions) {
  public ComputeDomainStatus {
    // none and an empty list are one (a list written empty may come back absent)
    nodes = nodes == null ? List.of() : List.copyOf(nodes);
    conditions = conditions == null ? List.of() : List.copyOf(conditions);
  }
}
