package dev.gpudra.gpu.slices;

import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttribute;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttributeBuilder;
import java.util.LinkedHashMap;
import java.util.Map;

/** An ordered attribute map under construction, one typed put per DeviceAttribute kind. */
final class Attributes {
  private final Map<String, DeviceAttribute> map = new LinkedHashMap<>();

  Attributes string(String name, String value) {
    map.put(name, new DeviceAttributeBuilder().withString(value).build());
    return this;
  }

  Attributes stringIfPresent(String name, String value) {
    return value == null || value.isEmpty() ? this : string(name, value);
  }

  Attributes integer(String name, long value) {
    map.put(name, new DeviceAttributeBuilder().withInt(value).build());
    return this;
  }

  /** A list-type attribute ({@code ints}, Kubernetes DRAListTypeAttributes). */
  Attributes integers(String name, java.util.List<Long> values) {
    map.put(name, new DeviceAttributeBuilder().withInts(values).build());
    return this;
  }

  Attributes bool(String name, boolean value) {
    map.put(name, new DeviceAttributeBuilder().withBool(value).build());
    return this;
  }

  Attributes version(String name, String value) {
    map.put(name, new DeviceAttributeBuilder().withVersion(value).build());
    return this;
  }

  LinkedHashMap<String, DeviceAttribute> ordered() {
    return new LinkedHashMap<>(map);
  }
}
