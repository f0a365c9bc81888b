package dev.gpudra.api.v1beta1;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.api.computedomain.ChannelAllocationMode;
import dev.gpudra.api.featuregates.FeatureGates;

/**
 * The configuration of a workload's IMEX channel claim ({@code compute-domain.nvidia.com}, device
 * {@code channel-0}), written by the ComputeDomain controller into the domain's workload
 * ResourceClaimTemplate.
 *
 * @param domainID the ComputeDomain's UID
 * @param allocationMode {@code Single} (channel 0; also when absent) or {@code All}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ComputeDomainChannelConfig(String domainID, ChannelAllocationMode allocationMode)
    implements DeviceConfig {
  public static final String KIND = "ComputeDomainChannelConfig";

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public ComputeDomainChannelConfig normalize(FeatureGates gates) {
    return new ComputeDomainChannelConfig(
        domainID, allocationMode == null ? ChannelAllocationMode.SINGLE : allocationMode);
  }

  @Override
  public void validate(FeatureGates gates) {
    ComputeDomainDaemonConfig.requireDomain(domainID);
  }
}
