package dev.gpudra.nvml.simulated;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;

/**
 * The GPU profile parser on arbitrary text: it refuses with an {@link InvalidProfileException}
 * naming a field, or returns a profile whose simulated NVML lists exactly its GPUs and answers
 * every query about them; any other exception is a crash.
 */
class ProfileParserFuzzTest {
  private final ProfileLoader loader = new ProfileLoader();

  @FuzzTest(maxDuration = "15s")
  @DictionaryEntries({
    "driverVersion:",
    "cudaDriverVersion:",
    "gpus:",
    "count:",
    "model:",
    "migMode:",
    "Enabled",
    "Disabled",
    "migDevices:",
    "profile:",
    "placement:",
    "pci:",
    "busId:",
    "addressingMode:",
    "fabric:",
    "clusterUuid:",
    "cliqueId:",
    "h100-sxm5-80gb",
    "a100-sxm4-40gb",
    "gb200",
    "1g.10gb",
    "\"580.95.05\"",
    "13000"
  })
  void parsesOrRefuses(byte[] input) {
    GpuProfile profile;
    try {
      profile = loader.parse("fuzz", "fuzz.yaml", new String(input, StandardCharsets.UTF_8));
    } catch (InvalidProfileException refused) {
      return;
    }
    try (SimulatedNvml nvml = new SimulatedNvml(profile, "node-a")) {
      assertThat(nvml.gpus()).hasSize(profile.gpuCount());
      nvml.gpus()
          .forEach(gpu -> {
            nvml.migProfiles(gpu);
            nvml.migDevices(gpu);
            nvml.fabricInfo(gpu);
          });
    }
  }
}
