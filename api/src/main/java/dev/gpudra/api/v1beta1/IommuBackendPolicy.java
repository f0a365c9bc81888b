package dev.gpudra.api.v1beta1;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;

/** Which VFIO interface a passthrough device is handed out through. */
public enum IommuBackendPolicy {
  LEGACY_ONLY("LegacyOnly"),
  PREFER_IOMMU_FD("PreferIommuFD");

  private final String value;

  IommuBackendPolicy(String value) {
    this.value = value;
  }

  @JsonValue
  public String value() {
    return value;
  }

  @JsonCreator
  public static IommuBackendPolicy fromValue(String value) {
    return Arrays.stream(values())
        .filter(p -> p.value.equals(value))
        .findFirst()
        .orElseThrow(() ->
            new InvalidConfigException(
                "unknown IOMMU backend policy: "
                    + value
                    + ", supported policies: LegacyOnly, PreferIommuFD"));
  }
}
