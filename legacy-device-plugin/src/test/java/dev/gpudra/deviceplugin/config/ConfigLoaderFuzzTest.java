package dev.gpudra.deviceplugin.config;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The device plugin's config loader on arbitrary file content: it either loads a config that passes
 * its rules, or refuses with one {@link InvalidPluginConfigException} of one line of at most {@link
 * InvalidPluginConfigException#MAX_MESSAGE} characters; anything else is a crash.
 */
class ConfigLoaderFuzzTest {
  private final ConfigLoader loader = new ConfigLoader();

  @FuzzTest(maxDuration = "15s")
  @DictionaryEntries({
    "version: v1",
    "flags:",
    "migStrategy",
    "mixed",
    "single",
    "failOnInitError",
    "mpsRoot",
    "nvidiaDriverRoot",
    "plugin:",
    "deviceListStrategy",
    "cdi-annotations",
    "cdi-cri",
    "volume-mounts",
    "deviceIDStrategy",
    "sharedDevicesAllocationPolicy",
    "gfd:",
    "sleepInterval",
    "infinite",
    "resources:",
    "sharing:",
    "timeSlicing:",
    "mps:",
    "renameByDefault",
    "failRequestsGreaterThanOne",
    "replicas",
    "devices: all",
    "name: nvidia.com/gpu",
    "imex:",
    "channelIDs",
    "required",
    "&a",
    "*a",
    "<<:",
    "!!binary",
    "---"
  })
  void loadsOrRefuses(byte[] input) {
    String text = new String(input, StandardCharsets.UTF_8);
    try {
      DevicePluginConfig config = loader.parse(text, "config.yaml", Map.of(), Map.of());
      List<ConfigRules.Problem> problems = ConfigRules.check(config);
      if (!problems.isEmpty()) {
        throw new AssertionError("loaded a config that breaks its rules: " + problems);
      }
    } catch (InvalidPluginConfigException refused) {
      if (refused.getMessage().lines().count() != 1
          || refused.getMessage().length() > InvalidPluginConfigException.MAX_MESSAGE) {
        throw new AssertionError("not one short line: " + refused.getMessage(), refused);
      }
    }
  }
}
