package dev.gpudra.cli;

import dev.gpudra.deviceplugin.config.ConfigLoader;
import dev.gpudra.deviceplugin.config.DevicePluginConfig;
import dev.gpudra.deviceplugin.config.InvalidPluginConfigException;
import dev.gpudra.deviceplugin.config.Setting;
import dev.gpudra.deviceplugin.devices.DeviceInventory;
import dev.gpudra.deviceplugin.devices.UnsupportedSettingException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.IModelTransformer;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * NVIDIA's device-plugin config as its processes load it: the file, then the env, then the flags
 * (each config field's flag from {@link Setting}: a flag beats its env variable, which beats the
 * file).
 */
final class DevicePluginConfigs {
  private final CommandSpec command;

  /**
   * @param command the command whose flags were parsed
   */
  DevicePluginConfigs(CommandSpec command) {
    this.command = command;
  }

  /**
   * @throws InvalidArgumentsException naming the field, or a setting not built yet
   */
  DevicePluginConfig load(Optional<Path> file) {
    try {
      DevicePluginConfig config = new ConfigLoader().load(file, System.getenv(), givenFlags());
      DeviceInventory.refuseUnbuilt(config);
      return config;
    } catch (InvalidPluginConfigException | UnsupportedSettingException e) {
      throw new InvalidArgumentsException(e.getMessage());
    }
  }

  /** The config flags given on the command line, by the name they were given under. */
  private Map<String, String> givenFlags() {
    ParseResult parsed = command.commandLine().getParseResult();
    Map<String, String> given = new LinkedHashMap<>();
    for (Setting setting : Setting.values()) {
      for (String name : setting.flags()) {
        if (parsed.hasMatchedOption(name)) {
          given.put(name, parsed.matchedOptionValue(name, ""));
          break;
        }
      }
    }
    return given;
  }

  /** Adds one option per config field that NVIDIA's plugin also takes as a flag. */
  static final class SettingFlags implements IModelTransformer {
    @Override
    public CommandSpec transform(CommandSpec command) {
      for (Setting setting : Setting.values()) {
        OptionSpec.Builder option =
            OptionSpec.builder(setting.flags().toArray(String[]::new))
                .type(String.class)
                .paramLabel("VALUE")
                .description(
                    "Config "
                        + setting.path()
                        + " ("
                        + String.join(", ", setting.envs())
                        + "); beats the env and the file.");
        command.addOption(option.build());
      }
      return command;
    }
  }
}
