package dev.gpudra.gpu.plugin;

import dev.gpudra.gpu.slices.DeviceModel;
import dev.gpudra.gpu.state.DeviceState;
import dev.gpudra.kit.PreparedDevice;
import dev.gpudra.kit.metadata.DeviceAttributes;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttribute;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The attributes of a prepared device for its metadata file (DeviceMetadata): what the device's
 * ResourceSlice entry publishes, built from the device the claim holds, so that a MIG device that
 * DynamicMIG created has its {@code uuid}, which its offer could not publish.
 */
final class MetadataAttributes implements DeviceAttributes {
  private final DeviceState state;
  private final DeviceModel model;

  MetadataAttributes(DeviceState state, DeviceModel model) {
    this.state = Objects.requireNonNull(state, "state");
    this.model = Objects.requireNonNull(model, "model");
  }

  @Override
  public Map<String, DeviceAttribute> of(String claimUid, PreparedDevice device) {
    return state
        .prepared(claimUid, device.deviceName())
        .map(d -> model.devices(List.of(d)).getFirst().getAttributes())
        .orElseThrow(() ->
            new IllegalStateException(
                "the checkpoint holds no completed claim " + claimUid + " with this device"));
  }
}
