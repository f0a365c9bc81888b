package dev.gpudra.kit.slices.model;

import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttributeBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceBuilder;
import java.util.List;
import java.util.stream.IntStream;

/** Test devices. */
public final class Devices {
  private Devices() {}

  public static List<Device> gpus(int count) {
    return IntStream.range(0, count).mapToObj(i -> gpu("gpu-" + i)).toList();
  }

  public static Device gpu(String name) {
    return new DeviceBuilder()
        .withName(name)
        .addToAttributes("type", new DeviceAttributeBuilder().withString("gpu").build())
        .build();
  }

  public static Device tainted(String name) {
    return new DeviceBuilder(gpu(name))
        .addNewTaint()
        .withKey("gpu.nvidia.com/xid")
        .withEffect("NoSchedule")
        .endTaint()
        .build();
  }
}
