package dev.gpudra.api.v1beta1;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.gpudra.api.featuregates.FeatureGates;
import java.nio.charset.StandardCharsets;

/**
 * The opaque config decoder on arbitrary text: it either decodes a config that normalizes and
 * validates, or refuses with an {@link InvalidConfigException}; any other exception is a crash.
 */
class ConfigDecoderFuzzTest {
  private final ConfigDecoder decoder = new ConfigDecoder();

  @FuzzTest(maxDuration = "15s")
  @DictionaryEntries({
    "\"apiVersion\"",
    "\"resource.nvidia.com/v1beta1\"",
    "\"kind\"",
    "\"GpuConfig\"",
    "\"MigDeviceConfig\"",
    "\"VfioDeviceConfig\"",
    "\"sharing\"",
    "\"strategy\"",
    "\"TimeSlicing\"",
    "\"MPS\"",
    "\"timeSlicingConfig\"",
    "\"interval\"",
    "\"Default\"",
    "\"Short\"",
    "\"Medium\"",
    "\"Long\"",
    "\"mpsConfig\"",
    "\"defaultActiveThreadPercentage\"",
    "\"defaultPinnedDeviceMemoryLimit\"",
    "\"defaultPerDevicePinnedMemoryLimit\"",
    "\"iommu\"",
    "\"backend\"",
    "\"Gi\"",
    "\"Mi\"",
    "\"1e400\""
  })
  void decodesOrRefuses(byte[] input) {
    String json = new String(input, StandardCharsets.UTF_8);
    try {
      DeviceConfig config = decoder.decode(json);
      for (FeatureGates gates : new FeatureGates[] {FeatureGates.defaults()}) {
        config.normalize(gates).validate(gates);
      }
    } catch (InvalidConfigException refused) {
      // the one way to refuse
    }
  }
}
