package dev.gpudra.kit.claimstatus;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gpudra.kit.PreparedDevice;
import dev.gpudra.kit.metadata.DeviceAttributes;
import java.util.Map;
import java.util.Objects;

/**
 * A device's attributes as its entry's data, {@code {"attributes": {...}}} in the ResourceSlice's
 * own JSON form ({@code {"uuid": {"string": "GPU-..."}}}), as a device metadata file has them.
 */
public record AttributeData(DeviceAttributes attributes, ObjectMapper json)
    implements DeviceStatusSource {
  public AttributeData {
    Objects.requireNonNull(attributes, "attributes");
    Objects.requireNonNull(json, "json");
  }

  @Override
  public Map<String, Object> data(String claimUid, PreparedDevice device) {
    return Map.of(
        "attributes",
        json.convertValue(
            attributes.of(claimUid, device), new TypeReference<Map<String, Object>>() {}));
  }
}
