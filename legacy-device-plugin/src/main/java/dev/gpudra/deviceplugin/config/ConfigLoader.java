package dev.gpudra.deviceplugin.config;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Loads the device plugin's config as NVIDIA's plugin does: the file ({@code --config-file} /
 * {@code CONFIG_FILE}; none: every default), then each env variable that is set, then each flag
 * that was given, then NVIDIA's defaults; bound strictly and checked ({@link ConfigRules}).
 */
public final class ConfigLoader {
  private final StrictBinding binding = new StrictBinding();

  /**
   * @param file the config file, if any
   * @param env the process's environment
   * @param flags the flags given on the command line, by name ({@code --mig-strategy}), as text
   * @throws InvalidPluginConfigException naming the source and field of every problem
   */
  public DevicePluginConfig load(
      Optional<Path> file, Map<String, String> env, Map<String, String> flags) {
    ConfigTree tree = file.map(this::read).orElseGet(ConfigTree::empty);
    return assemble(tree, env, flags);
  }

  /** As {@link #load}, the file's text given. */
  public DevicePluginConfig parse(
      String text, String source, Map<String, String> env, Map<String, String> flags) {
    return assemble(ConfigTree.parse(binding.yaml(), text, source), env, flags);
  }

  private ConfigTree read(Path file) {
    return ConfigTree.parse(binding.yaml(), ConfigFile.read(file), file.toString());
  }

  private DevicePluginConfig assemble(
      ConfigTree tree, Map<String, String> env, Map<String, String> flags) {
    for (Setting setting : Setting.values()) {
      setting.envs().stream()
          .filter(env::containsKey)
          .findFirst()
          .ifPresent(name -> tree.override(setting, env.get(name), "env " + name));
    }
    for (Setting setting : Setting.values()) {
      setting.flags().stream()
          .filter(flags::containsKey)
          .findFirst()
          .ifPresent(name -> tree.override(setting, flags.get(name), "flag " + name));
    }
    NvidiaDefaults.apply(tree);
    DevicePluginConfig config = binding.bind(tree);
    List<ConfigRules.Problem> problems = ConfigRules.check(config);
    if (!problems.isEmpty()) {
      throw new InvalidPluginConfigException(
          problems.stream()
              .map(p -> tree.sourceOf(p.path()) + ": " + p.path() + ": " + p.message())
              .collect(Collectors.joining("; ")));
    }
    return config;
  }
}
