package dev.gpudra.deviceplugin.pernode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The named config files of a directory and NVIDIA's rules for choosing one: the node label's name
 * (which must exist), else the default, else the fallback strategies in order.
 *
 * @param dir the directory ({@code /available-configs}); its files' names are the configs' names (a
 *     ConfigMap mount's {@code ..data} entries are not configs)
 * @param defaultConfig {@code DEFAULT_CONFIG}, if given
 * @param fallbacks {@code FALLBACK_STRATEGIES}
 */
public record NamedConfigs(
    Path dir, Optional<String> defaultConfig, List<FallbackStrategy> fallbacks) {
  /** The label NVIDIA's config-manager reads. */
  public static final String NODE_LABEL = "nvidia.com/device-plugin.config";

  public NamedConfigs {
    Objects.requireNonNull(dir, "dir");
    defaultConfig = defaultConfig.filter(d -> !d.isBlank());
    fallbacks = List.copyOf(fallbacks);
  }

  /**
   * A chosen config.
   *
   * @param name its name, or empty for NVIDIA's defaults (the {@code empty} fallback)
   * @param file its file
   */
  public record Choice(Optional<String> name, Optional<Path> file) {
    static final Choice EMPTY = new Choice(Optional.empty(), Optional.empty());

    @Override
    public String toString() {
      return name.map(n -> "'" + n + "'").orElse("NVIDIA's defaults (no config file)");
    }
  }

  /**
   * @param label the node's label value, if it has the label
   * @throws InvalidNamedConfigException when the label names no file, or nothing applies
   */
  public Choice choose(Optional<String> label) {
    List<String> names = names();
    if (label.isPresent()) {
      return named(label.get(), names, NODE_LABEL + "=" + label.get());
    }
    if (defaultConfig.isPresent()) {
      return named(defaultConfig.get(), names, "DEFAULT_CONFIG " + defaultConfig.get());
    }
    for (FallbackStrategy fallback : fallbacks) {
      switch (fallback) {
        case NAMED -> {
          if (names.contains("default")) {
            return named("default", names, "the fallback 'named'");
          }
        }
        case SINGLE -> {
          if (names.size() == 1) {
            return named(names.getFirst(), names, "the fallback 'single'");
          }
        }
        case EMPTY -> {
          return Choice.EMPTY;
        }
      }
    }
    throw new InvalidNamedConfigException(
        "no config for a node without the "
            + NODE_LABEL
            + " label: no DEFAULT_CONFIG, and no fallback of "
            + fallbacks
            + " applies to the configs in "
            + dir
            + " "
            + names);
  }

  private Choice named(String name, List<String> names, String why) {
    if (!names.contains(name)) {
      throw new InvalidNamedConfigException(
          why + ": no config '" + name + "' in " + dir + " (it has " + names + ")");
    }
    return new Choice(Optional.of(name), Optional.of(dir.resolve(name)));
  }

  /** The configs' names, sorted. */
  public List<String> names() {
    try (Stream<Path> files = Files.list(dir)) {
      return files
          .map(p -> p.getFileName().toString())
          .filter(n -> !n.startsWith(".."))
          .filter(n -> Files.isRegularFile(dir.resolve(n)))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new InvalidNamedConfigException(
          "cannot list the configs in " + dir + ": " + e.getClass().getSimpleName());
    }
  }
}
