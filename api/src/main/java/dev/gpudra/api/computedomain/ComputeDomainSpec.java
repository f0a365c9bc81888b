package dev.gpudra.api.computedomain;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What a user asks of a ComputeDomain; immutable once created.
 *
 * @param numNodes deprecated: how many nodes make the domain Ready (0: none needed)
 * @param channel the workload ResourceClaimTemplate the controller makes
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ComputeDomainSpec(Integer numNodes, Channel channel) {

  /**
   * @param resourceClaimTemplate the name of the ResourceClaimTemplate made in the domain's
   *     namespace, which workload pods claim
   * @param allocationMode {@code Single} (the default) or {@code All} channels per claim
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Channel(
      ClaimTemplate resourceClaimTemplate, ChannelAllocationMode allocationMode) {}

  /**
   * @param name the ResourceClaimTemplate's name
   */
  public record ClaimTemplate(String name) {}
}
