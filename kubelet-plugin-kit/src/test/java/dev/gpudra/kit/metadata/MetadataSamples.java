package dev.gpudra.kit.metadata;

import dev.gpudra.kit.ClaimRef;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttribute;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttributeBuilder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The metadata of {@code go-encoded-stream.json}, and small builders. */
final class MetadataSamples {
  static final String DRIVER = "gpu.nvidia.com";
  static final ClaimRef CLAIM = new ClaimRef("default", "train", "0b5c6d1e-uid");

  private MetadataSamples() {}

  /**
   * What {@code go-encoded-stream.json} holds: the file was written by the v0.37.2 encoders of
   * {@code k8s.io/dynamic-resource-allocation/api/metadata} (v1beta1, then v1alpha1, each followed
   * by a newline, as the kubelet plugin helper writes them) from this same object.
   */
  static DeviceMetadata golden() {
    Map<String, DeviceAttribute> attributes = new LinkedHashMap<>();
    attributes.put("uuid", string("GPU-<a&b>\u2028\"q\"\\\t\u0001"));
    attributes.put("index", new DeviceAttributeBuilder().withInt(3L).build());
    attributes.put("resource.kubernetes.io/pciBusID", string("0000:1b:00.0"));
    attributes.put("driverVersion", new DeviceAttributeBuilder().withVersion("560.35.3").build());
    attributes.put("addressingMode", new DeviceAttributeBuilder().withBool(true).build());
    attributes.put("numaNodes", new DeviceAttributeBuilder().withInts(0L, 1L).build());
    attributes.put("empty", string(""));
    return new DeviceMetadata(
        CLAIM,
        Optional.of("gpu-claim"),
        1,
        "gpu/sub0",
        List.of(
            new MetadataDevice(DRIVER, "node-a", "gpu-3", attributes),
            new MetadataDevice(DRIVER, "node-a", "gpu-4", Map.of())));
  }

  static DeviceAttribute string(String value) {
    return new DeviceAttributeBuilder().withString(value).build();
  }

  static DeviceMetadata simple(ClaimRef claim, String request, String device) {
    return new DeviceMetadata(
        claim,
        Optional.empty(),
        DeviceMetadata.PREPARED_GENERATION,
        request,
        List.of(new MetadataDevice(DRIVER, "node-a", device, Map.of("uuid", string("GPU-1")))));
  }
}
