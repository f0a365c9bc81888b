package dev.gpudra.webhook.admission;

import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.api.v1beta1.ConfigDecoder;
import dev.gpudra.api.v1beta1.DeviceConfig;
import dev.gpudra.api.v1beta1.InvalidConfigException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Judges opaque config entries as the kubelet plugins will read them: the entries of {@value
 * #GPU_DRIVER} with the GPU plugin's kinds ({@code GpuConfig}, {@code MigDeviceConfig}, {@code
 * VfioDeviceConfig}), those of {@value #COMPUTE_DOMAIN_DRIVER} with the compute-domain plugin's
 * ({@code ComputeDomainChannelConfig}, {@code ComputeDomainDaemonConfig}); strict decoding, then
 * normalize and validate under the same feature gates. Entries of other drivers are not ours to
 * judge. Thread-safe.
 */
public final class OpaqueConfigValidator {
  public static final String GPU_DRIVER = "gpu.nvidia.com";
  public static final String COMPUTE_DOMAIN_DRIVER = "compute-domain.nvidia.com";

  private final FeatureGates gates;
  private final Map<String, ConfigDecoder> decoders =
      Map.of(
          GPU_DRIVER, new ConfigDecoder(ConfigDecoder.GPU_KINDS),
          COMPUTE_DOMAIN_DRIVER, new ConfigDecoder(ConfigDecoder.COMPUTE_DOMAIN_KINDS));

  /**
   * @param gates the plugins' feature gates (the chart passes both the same {@code FEATURE_GATES})
   */
  public OpaqueConfigValidator(FeatureGates gates) {
    this.gates = Objects.requireNonNull(gates, "gates");
  }

  /** One problem per failing entry, in list order, each naming the entry's path. */
  List<String> problems(List<OpaqueEntry> entries) {
    List<String> problems = new ArrayList<>();
    for (OpaqueEntry entry : entries) {
      ConfigDecoder decoder = decoders.get(entry.driver());
      if (decoder != null) {
        problem(entry, decoder).ifPresent(problems::add);
      }
    }
    return problems;
  }

  private Optional<String> problem(OpaqueEntry entry, ConfigDecoder decoder) {
    RawParameters raw = entry.parameters();
    if (raw != null && raw.overLimit()) {
      return Optional.of(
          "error decoding object at "
              + entry.path()
              + ": Too long: may not be more than "
              + RawParameters.MAX_CHARS
              + " bytes");
    }
    DeviceConfig config;
    try {
      config = decoder.decode(raw == null ? null : raw.json());
    } catch (InvalidConfigException e) {
      return Optional.of("error decoding object at " + entry.path() + ": " + e.getMessage());
    }
    try {
      config.normalize(gates).validate(gates);
      return Optional.empty();
    } catch (InvalidConfigException e) {
      return Optional.of("object at " + entry.path() + " is invalid: " + e.getMessage());
    }
  }
}
