package dev.gpudra.allocator.device;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fabric8.kubernetes.api.model.resource.v1.Device;

/**
 * Reads a device file: one ResourceSlice {@code Device} in its YAML (or JSON) shape plus a
 * top-level {@code driver}, for example:
 *
 * <pre>{@code
 * driver: gpu.nvidia.com
 * name: gpu-0
 * attributes:
 *   type: {string: gpu}
 *   driverVersion: {version: 580.95.5}
 * capacity:
 *   memory: {value: 81559Mi}
 * }</pre>
 */
public final class DeviceFileReader {
  private final ObjectMapper yaml = new ObjectMapper(new YAMLFactory());

  /**
   * Parses the file content.
   *
   * @throws InvalidDeviceFileException when it is not YAML, has no {@code driver} string (an empty
   *     one is allowed, as in Kubernetes' CEL tests), or holds an attribute or capacity the DRA API
   *     would refuse
   */
  public DeviceView read(String content) {
    JsonNode root;
    try {
      root = yaml.readTree(content);
    } catch (JsonProcessingException e) {
      throw new InvalidDeviceFileException("not valid YAML: " + e.getOriginalMessage(), e);
    }
    if (!(root instanceof ObjectNode fields)) {
      throw new InvalidDeviceFileException("a device file must be a YAML mapping", null);
    }
    JsonNode driver = fields.remove("driver");
    if (driver == null || !driver.isTextual()) {
      throw new InvalidDeviceFileException(
          "a device file needs a 'driver' string (empty is allowed)", null);
    }
    try {
      return DeviceView.of(driver.asText(), yaml.treeToValue(fields, Device.class));
    } catch (JsonProcessingException e) {
      throw new InvalidDeviceFileException(
          "not a ResourceSlice device: " + e.getOriginalMessage(), e);
    } catch (IllegalArgumentException e) {
      throw new InvalidDeviceFileException(e.getMessage(), e);
    }
  }

  /** The device file cannot be used; the message says why. */
  public static final class InvalidDeviceFileException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    InvalidDeviceFileException(String message, Throwable cause) {
      super(message, cause);
    }
  }
}
