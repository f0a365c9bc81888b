package dev.gpudra.kit.metadata;

import dev.gpudra.kit.PreparedDevice;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttribute;
import java.util.Map;

/** Where the driver's device attributes come from for a metadata file. */
@FunctionalInterface
public interface DeviceAttributes {
  /**
   * The attributes of a device the claim was just prepared with: those its ResourceSlice entry
   * publishes, and those only a prepare knows (the UUID of a MIG device it created).
   *
   * @throws RuntimeException when the device is not prepared for the claim
   */
  Map<String, DeviceAttribute> of(String claimUid, PreparedDevice device);
}
