package dev.gpudra.api.v1beta1;

import dev.gpudra.api.featuregates.FeatureGates;

/**
 * The configuration of a ComputeDomain daemon's claim ({@code compute-domain.nvidia.com}, device
 * {@code daemon-0}), written by the controller into the daemon ResourceClaimTemplate.
 *
 * @param domainID the ComputeDomain's UID
 */
public record ComputeDomainDaemonConfig(String domainID) implements DeviceConfig {
  public static final String KIND = "ComputeDomainDaemonConfig";

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public ComputeDomainDaemonConfig normalize(FeatureGates gates) {
    return this;
  }

  @Override
  public void validate(FeatureGates gates) {
    requireDomain(domainID);
  }

  /**
   * @throws InvalidConfigException when the domain ID is missing: the device got no config naming
   *     its ComputeDomain (the default config has none)
   */
  static void requireDomain(String domainID) {
    if (domainID == null || domainID.isBlank()) {
      throw new InvalidConfigException(
          "domainID", "must name the ComputeDomain (its UID); the claim's config sets none");
    }
  }
}
