package dev.gpudra.migrate.resources;

import dev.gpudra.api.v1beta1.SharingStrategy;
import dev.gpudra.deviceplugin.config.DevicePluginConfig;
import dev.gpudra.deviceplugin.config.MigStrategy;
import dev.gpudra.deviceplugin.config.ReplicatedResource;
import dev.gpudra.deviceplugin.config.ReplicatedResources;
import dev.gpudra.deviceplugin.config.Sharing;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The resources NVIDIA's device plugin advertises under one config, by name. Without a config:
 * whole GPUs as {@code nvidia.com/gpu} and MIG devices as {@code nvidia.com/mig-<profile>}, nothing
 * shared.
 */
public final class ResourceCatalog {
  /** The device plugin's resource names all start so. */
  public static final String PREFIX = ReplicatedResource.PREFIX;

  static final String GPU = PREFIX + "gpu";
  private static final String SHARED_SUFFIX = ".shared";

  /** The resource a shared name stands for, and how it is shared. */
  private record SharedName(String baseName, SharedResource sharing) {}

  private final Map<String, SharedName> sharedNames;
  private final MigStrategy migStrategy;
  private final boolean configured;

  private ResourceCatalog(
      Map<String, SharedName> sharedNames, MigStrategy migStrategy, boolean configured) {
    this.sharedNames = Map.copyOf(sharedNames);
    this.migStrategy = migStrategy;
    this.configured = configured;
  }

  /**
   * No config: the device plugin's defaults, with MIG devices by profile as under {@code mixed}.
   */
  public static ResourceCatalog withoutConfig() {
    return new ResourceCatalog(Map.of(), MigStrategy.MIXED, false);
  }

  /** The resources under a loaded (and checked) device-plugin config. */
  public static ResourceCatalog of(DevicePluginConfig config) {
    Map<String, SharedName> shared = new LinkedHashMap<>();
    Sharing sharing = config.sharing();
    if (sharing != null) {
      add(shared, sharing.timeSlicing(), SharingStrategy.TIME_SLICING, "sharing.timeSlicing");
      add(shared, sharing.mps(), SharingStrategy.MPS, "sharing.mps");
    }
    return new ResourceCatalog(shared, config.flags().migStrategy(), true);
  }

  private static void add(
      Map<String, SharedName> shared,
      ReplicatedResources resources,
      SharingStrategy strategy,
      String path) {
    if (resources == null) {
      return;
    }
    for (ReplicatedResource resource : resources.resources()) {
      String name = resource.resourceName();
      SharedResource sharing =
          new SharedResource(
              strategy, resource.replicas(), resources.failRequestsGreaterThanOne(), path);
      shared.put(
          resources.renameByDefault() ? name + SHARED_SUFFIX : name, new SharedName(name, sharing));
    }
  }

  /** Whether a resource name is the device plugin's to translate (it starts with nvidia.com/). */
  public static boolean isNvidia(String resourceName) {
    return resourceName.startsWith(PREFIX);
  }

  /** What the resource a container asks for is, under this config. */
  public Classification classify(String resourceName) {
    SharedName shared = sharedNames.get(resourceName);
    if (shared != null) {
      return device(shared.baseName(), Optional.of(shared.sharing()));
    }
    if (resourceName.endsWith(SHARED_SUFFIX)) {
      return new Classification.Untranslatable(
          configured
              ? "a shared resource, but the device-plugin config shares none under this name"
              : "a shared resource: give the device plugin's config that shares it (--config)");
    }
    return device(resourceName, Optional.empty());
  }

  private Classification device(String name, Optional<SharedResource> sharing) {
    if (name.equals(GPU)) {
      if (migStrategy == MigStrategy.SINGLE) {
        return new Classification.Untranslatable(
            "under flags.migStrategy single these are the MIG devices of each node's one profile,"
                + " which the config does not name");
      }
      return new Classification.Translatable(new PluginDevice.WholeGpu(), sharing);
    }
    if (MigProfiles.isMigResource(name)) {
      return MigProfiles.profile(name)
          .<Classification>map(
              p -> new Classification.Translatable(new PluginDevice.MigDevice(p), sharing))
          .orElseGet(() ->
              new Classification.Untranslatable(
                  "not a MIG profile the device plugin advertises (mig-<g>g.<memory>gb, e.g."
                      + " mig-1g.10gb or mig-1g.10gb.me)"));
    }
    return new Classification.Untranslatable("not a resource of NVIDIA's device plugin");
  }
}
