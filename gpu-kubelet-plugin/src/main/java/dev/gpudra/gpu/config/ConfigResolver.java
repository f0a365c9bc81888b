package dev.gpudra.gpu.config;

import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.api.v1beta1.ConfigDecoder;
import dev.gpudra.api.v1beta1.DeviceConfig;
import dev.gpudra.api.v1beta1.GpuConfig;
import dev.gpudra.api.v1beta1.InvalidConfigException;
import dev.gpudra.api.v1beta1.MigDeviceConfig;
import dev.gpudra.api.v1beta1.VfioDeviceConfig;
import dev.gpudra.gpu.discovery.DeviceType;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Picks the winning config for every device of a claim, groups devices by it, and normalizes and
 * validates each group's config. Stateless apart from its collaborators; thread-safe.
 */
public final class ConfigResolver {
  /** The driver whose opaque configs we read and whose allocation results we prepare. */
  public static final String DRIVER_NAME = "gpu.nvidia.com";

  private final FeatureGates gates;
  private final ClaimConfigReader reader;

  public ConfigResolver(FeatureGates gates, ConfigDecoder decoder) {
    this.gates = Objects.requireNonNull(gates, "gates");
    this.reader = new ClaimConfigReader(DRIVER_NAME, decoder);
  }

  /**
   * @param devices the claim's results of our driver, already bound to local devices
   * @return one group per winning config, in order of first appearance
   * @throws InvalidConfigException naming the claim, the config entry and the field
   */
  public List<ConfigGroup> resolve(ResourceClaim claim, List<AllocatedDevice> devices) {
    List<ConfigEntry> entries = reader.read(claim);
    Map<Object, List<AllocatedDevice>> byWinner = new LinkedHashMap<>();
    Map<Object, DeviceConfig> configs = new LinkedHashMap<>();
    for (AllocatedDevice device : devices) {
      ConfigEntry winner = winner(claim, entries, device);
      Object key = winner != null ? winner : device.device().type();
      configs.computeIfAbsent(key, k -> winner != null ? winner.config() : defaultFor(device));
      byWinner.computeIfAbsent(key, k -> new ArrayList<>()).add(device);
    }
    List<ConfigGroup> groups = new ArrayList<>();
    byWinner.forEach((key, members) ->
        groups.add(new ConfigGroup(checked(claim, key, configs.get(key)), members)));
    return groups;
  }

  /** The last entry that targets the device, or null when only the default applies. */
  private static ConfigEntry winner(
      ResourceClaim claim, List<ConfigEntry> entries, AllocatedDevice device) {
    DeviceType type = device.device().type();
    for (int i = entries.size() - 1; i >= 0; i--) {
      ConfigEntry entry = entries.get(i);
      if (entry.names(device)) {
        if (!entry.fits(type)) {
          throw new InvalidConfigException(
                  "cannot apply "
                      + entry.config().kind()
                      + " to device \""
                      + device.device().name()
                      + "\" of type \""
                      + type.attribute()
                      + "\"")
              .withContext("claim " + ClaimConfigReader.describe(claim) + ": " + entry.location());
        }
        return entry;
      }
      if (entry.targetsAllRequests() && entry.fits(type)) {
        return entry;
      }
    }
    return null;
  }

  private static DeviceConfig defaultFor(AllocatedDevice device) {
    return switch (device.device().type()) {
      case GPU -> new GpuConfig(null);
      case MIG -> new MigDeviceConfig(null);
      case VFIO -> new VfioDeviceConfig(null);
    };
  }

  private DeviceConfig checked(ResourceClaim claim, Object key, DeviceConfig config) {
    String where =
        key instanceof ConfigEntry entry
            ? entry.location() + ".opaque.parameters"
            : "default " + config.kind();
    try {
      DeviceConfig normalized = config.normalize(gates);
      normalized.validate(gates);
      return normalized;
    } catch (InvalidConfigException e) {
      throw e.withContext("claim " + ClaimConfigReader.describe(claim) + ": " + where);
    }
  }
}
