package dev.gpudra.deviceplugin.config;

import dev.gpudra.kit.text.GoDuration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * NVIDIA's start-up checks of a config, plus refusals of what NVIDIA's plugin accepts and then
 * ignores (custom resource names, per-resource {@code rename}, a subset of {@code devices}): here
 * they are errors, not silent no-ops. Each problem is {@code path: message}.
 */
final class ConfigRules {
  /** Resource names after {@code nvidia.com/}: a DNS label's length. */
  static final int NAME_MAX = 63;

  private ConfigRules() {}

  /** Every problem of the config, in the order of its fields; empty when it can be used. */
  static List<Problem> check(DevicePluginConfig config) {
    List<Problem> problems = new ArrayList<>();
    flags(config.flags(), problems);
    resources(config.resources(), problems);
    sharing(config, problems);
    if (!config.imex().channelIds().isEmpty() && !config.imex().channelIds().equals(List.of(0))) {
      problems.add(
          new Problem(
              "imex.channelIDs", "only [] or [0] is supported, got " + config.imex().channelIds()));
    }
    return List.copyOf(problems);
  }

  /**
   * @param path the field, dotted
   * @param message what is wrong with it
   */
  record Problem(String path, String message) {}

  private static void flags(Flags flags, List<Problem> problems) {
    PluginFlags plugin = flags.plugin();
    if (plugin.deviceListStrategy().isEmpty()) {
      problems.add(new Problem("flags.plugin.deviceListStrategy", "at least one strategy"));
    }
    if (plugin.deviceListStrategy().stream().anyMatch(DeviceListStrategy::cdi)
        && flags.deviceDiscoveryStrategy() == DiscoveryStrategy.TEGRA) {
      problems.add(
          new Problem(
              "flags.plugin.deviceListStrategy",
              "the CDI strategies need NVML, and flags.deviceDiscoveryStrategy is tegra"));
    }
    String sleep = flags.gfd().sleepInterval();
    if (!"infinite".equals(sleep)) {
      try {
        GoDuration.parse(sleep);
      } catch (IllegalArgumentException e) {
        problems.add(new Problem("flags.gfd.sleepInterval", e.getMessage() + " or infinite"));
      }
    }
  }

  private static void resources(Resources resources, List<Problem> problems) {
    for (Map.Entry<String, List<Resources.NamedPattern>> kind :
        List.of(
            Map.entry("resources.gpus", resources.gpus()),
            Map.entry("resources.mig", resources.mig()))) {
      if (!kind.getValue().isEmpty()) {
        problems.add(
            new Problem(
                kind.getKey(),
                "custom resource names are not supported (NVIDIA's plugin ignores them with a"
                    + " warning): leave it out"));
      }
    }
  }

  private static void sharing(DevicePluginConfig config, List<Problem> problems) {
    Sharing sharing = config.sharing();
    if (sharing == null) {
      return;
    }
    if (sharing.timeSlicing() != null && sharing.mps() != null) {
      problems.add(new Problem("sharing", "timeSlicing and mps exclude each other: pick one"));
    }
    if (sharing.timeSlicing() != null) {
      replicated("sharing.timeSlicing", sharing.timeSlicing(), problems);
    }
    if (sharing.mps() != null) {
      replicated("sharing.mps", sharing.mps(), problems);
      if (config.flags().migStrategy() == MigStrategy.MIXED) {
        problems.add(
            new Problem("flags.migStrategy", "MPS sharing does not work with the mixed strategy"));
      }
      if (config.flags().mpsRoot().isEmpty()) {
        problems.add(new Problem("flags.mpsRoot", "using MPS requires --mps-root to be specified"));
      }
    }
  }

  private static void replicated(String path, ReplicatedResources shared, List<Problem> problems) {
    if (shared.resources().isEmpty()) {
      problems.add(new Problem(path + ".resources", "at least one resource to share"));
    }
    for (int i = 0; i < shared.resources().size(); i++) {
      resource(path + ".resources." + i, shared.resources().get(i), problems);
    }
  }

  private static void resource(String path, ReplicatedResource resource, List<Problem> problems) {
    String name = resource.resourceName();
    if (name == null || name.isBlank()) {
      problems.add(new Problem(path + ".name", "required"));
    } else if (!name.startsWith(ReplicatedResource.PREFIX)) {
      problems.add(
          new Problem(path + ".name", "must be an " + ReplicatedResource.PREFIX + " name"));
    } else if (name.length() - ReplicatedResource.PREFIX.length() > NAME_MAX) {
      problems.add(new Problem(path + ".name", "longer than " + NAME_MAX + " characters"));
    }
    if (resource.replicas() == null) {
      problems.add(new Problem(path + ".replicas", "required"));
    } else if (resource.replicas() < 2) {
      problems.add(new Problem(path + ".replicas", "at least 2, got " + resource.replicas()));
    } else if (resource.replicas() > ReplicatedResource.MAX_DEVICES) {
      problems.add(
          new Problem(
              path + ".replicas",
              "at most "
                  + ReplicatedResource.MAX_DEVICES
                  + " (the devices of one resource must fit one ListAndWatch response), got "
                  + resource.replicas()));
    }
    if (resource.rename() != null) {
      problems.add(
          new Problem(
              path + ".rename",
              "not supported (NVIDIA's plugin ignores it with a warning): use renameByDefault"));
    }
    if (resource.devices() != null && !"all".equals(resource.devices().asText(null))) {
      problems.add(
          new Problem(
              path + ".devices",
              "only \"all\" is supported (NVIDIA's plugin ignores a subset with a warning)"));
    }
  }
}
