package dev.gpudra.gpu.config;

import dev.gpudra.api.v1beta1.ConfigDecoder;
import dev.gpudra.api.v1beta1.DeviceConfig;
import dev.gpudra.api.v1beta1.InvalidConfigException;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAllocationConfiguration;
import io.fabric8.kubernetes.api.model.resource.v1.OpaqueDeviceConfiguration;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Reads and strictly decodes the config entries of our driver from a claim's allocation, class
 * entries first and claim entries after, each group in list order (lowest precedence first).
 */
public final class ClaimConfigReader {
  static final String FROM_CLASS = "FromClass";

  private final String driverName;
  private final ConfigDecoder decoder;

  public ClaimConfigReader(String driverName, ConfigDecoder decoder) {
    this.driverName = Objects.requireNonNull(driverName, "driverName");
    this.decoder = Objects.requireNonNull(decoder, "decoder");
  }

  /**
   * @throws InvalidConfigException for a non-opaque entry, an undecodable one, or a VFIO config
   */
  public List<ConfigEntry> read(ResourceClaim claim) {
    List<DeviceAllocationConfiguration> configs = allocationConfigs(claim);
    List<ConfigEntry> fromClass = new ArrayList<>();
    List<ConfigEntry> fromClaim = new ArrayList<>();
    for (int i = 0; i < configs.size(); i++) {
      DeviceAllocationConfiguration config = configs.get(i);
      ConfigEntry entry = entry(claim, i, config);
      if (entry != null) {
        (FROM_CLASS.equals(config.getSource()) ? fromClass : fromClaim).add(entry);
      }
    }
    fromClass.addAll(fromClaim);
    return fromClass;
  }

  /** The claim as errors name it: {@code namespace/name}. */
  static String describe(ResourceClaim claim) {
    return claim.getMetadata().getNamespace() + "/" + claim.getMetadata().getName();
  }

  private ConfigEntry entry(ResourceClaim claim, int index, DeviceAllocationConfiguration config) {
    String where = "claim " + describe(claim) + ": status.allocation.devices.config[" + index + "]";
    OpaqueDeviceConfiguration opaque = config.getOpaque();
    if (opaque == null) {
      throw new InvalidConfigException("only opaque device configs are supported")
          .withContext(where);
    }
    if (!driverName.equals(opaque.getDriver())) {
      return null;
    }
    DeviceConfig decoded;
    try {
      decoded = decoder.decode(opaque.getParameters());
    } catch (InvalidConfigException e) {
      throw e.withContext(where + ".opaque.parameters");
    }
    List<String> requests = config.getRequests() == null ? List.of() : config.getRequests();
    return new ConfigEntry(index, requests, decoded);
  }

  private static List<DeviceAllocationConfiguration> allocationConfigs(ResourceClaim claim) {
    if (claim.getStatus() == null
        || claim.getStatus().getAllocation() == null
        || claim.getStatus().getAllocation().getDevices() == null
        || claim.getStatus().getAllocation().getDevices().getConfig() == null) {
      return List.of();
    }
    return claim.getStatus().getAllocation().getDevices().getConfig();
  }
}
