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
    DomainStatus status, List<ComputeDomainNode> nodes, List<Condition> conditions) {
  public ComputeDomainStatus {
    nodes = nodes == null ? null : List.copyOf(nodes);
    conditions = conditions == null ? null : List.copyOf(conditions);
  }
}
