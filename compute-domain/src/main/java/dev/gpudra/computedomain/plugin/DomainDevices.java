package dev.gpudra.computedomain.plugin;

import dev.gpudra.api.computedomain.ComputeDomainBinding;
import dev.gpudra.computedomain.prepare.DomainRequests;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttribute;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttributeBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceBuilder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The node's two {@code compute-domain.nvidia.com} devices, as NVIDIA's plugin publishes them:
 * {@code channel-0} ({@code type=channel}, {@code id=0}) and {@code daemon-0} ({@code type=daemon},
 * {@code id=0}), the channel only with hostManaged IMEX; channels 1..2047 exist but are not
 * advertised. With binding conditions (ComputeDomainBindingConditions) the channel lists {@link
 * ComputeDomainBinding}'s two.
 */
final class DomainDevices {
  private DomainDevices() {}

  static List<Device> all() {
    return all(false);
  }

  /**
   * @param bindingConditions whether the channel lists its binding conditions
   */
  static List<Device> all(boolean bindingConditions) {
    return all(bindingConditions, false);
  }

  /**
   * @param bindingConditions whether the channel lists its binding conditions
   * @param hostManaged hostManaged IMEX: the channel only, as the admin runs the daemons
   */
  static List<Device> all(boolean bindingConditions, boolean hostManaged) {
    Device channel = device(DomainRequests.CHANNEL_DEVICE, "channel");
    if (bindingConditions) {
      channel =
          new DeviceBuilder(channel)
              .withBindingConditions(ComputeDomainBinding.READY)
              .withBindingFailureConditions(ComputeDomainBinding.FAILED)
              .build();
    }
    return hostManaged
        ? List.of(channel)
        : List.of(channel, device(DomainRequests.DAEMON_DEVICE, "daemon"));
  }

  /**
   * The attributes a published device has, for its metadata file (DeviceMetadata).
   *
   * @throws IllegalArgumentException for a device this plugin does not publish
   */
  static Map<String, DeviceAttribute> attributes(String name) {
    return all().stream()
        .filter(d -> d.getName().equals(name))
        .findFirst()
        .map(Device::getAttributes)
        .orElseThrow(() -> new IllegalArgumentException("no published device " + name));
  }

  private static Device device(String name, String type) {
    Map<String, DeviceAttribute> attributes = new LinkedHashMap<>();
    attributes.put("type", new DeviceAttributeBuilder().withString(type).build());
    attributes.put("id", new DeviceAttributeBuilder().withInt(0L).build());
    return new DeviceBuilder().withName(name).withAttributes(attributes).build();
  }
}
