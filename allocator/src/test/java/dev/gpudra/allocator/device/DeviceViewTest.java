package dev.gpudra.allocator.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttribute;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceCapacity;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class DeviceViewTest {

  @Test
  @DisplayName("a ResourceSlice device converts attribute by attribute, names kept as published")
  void fromFabric8Device() {
    Device device =
        new DeviceBuilder()
            .withName("gpu-0")
            .addToAttributes("type", attribute(null, null, "gpu", null))
            .addToAttributes("driverVersion", attribute(null, null, null, "580.95.5"))
            .addToAttributes("numa", attribute(null, 1L, null, null))
            .addToAttributes(
                "resource.kubernetes.io/pcieRoot", attribute(null, null, "pci0000:00", null))
            .addToAttributes("iommu", attribute(true, null, null, null))
            .addToCapacity("memory", new DeviceCapacity(null, new Quantity("80Gi")))
            .withAllowMultipleAllocations(true)
            .build();

    DeviceView view = DeviceView.of("gpu.nvidia.com", device);

    assertThat(view.driver()).isEqualTo("gpu.nvidia.com");
    assertThat(view.attributes())
        .containsEntry("type", new AttributeValue.StringValue("gpu"))
        .containsEntry("driverVersion", new AttributeValue.VersionValue("580.95.5"))
        .containsEntry("numa", new AttributeValue.IntValue(1))
        .containsEntry("iommu", new AttributeValue.BoolValue(true))
        .containsKey("resource.kubernetes.io/pcieRoot");
    assertThat(view.capacity()).containsEntry("memory", new Quantity("80Gi"));
    assertThat(view.allowMultipleAllocations()).isTrue();
  }

  @Test
  @DisplayName("an attribute without exactly one scalar value is refused with its name")
  void refusesAmbiguousAttribute() {
    Device device =
        new DeviceBuilder()
            .withName("d")
            .withAttributes(Map.of("both", attribute(true, 1L, null, null)))
            .build();

    assertThatThrownBy(() -> DeviceView.of("x.io", device))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("attribute both");
  }

  private static DeviceAttribute attribute(Boolean b, Long i, String s, String v) {
    return new DeviceAttribute(b, null, i, null, s, null, v, null);
  }
}
