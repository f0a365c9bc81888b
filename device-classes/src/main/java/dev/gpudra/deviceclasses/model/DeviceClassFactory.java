package dev.gpudra.deviceclasses.model;

import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClassBuilder;
import java.util.Arrays;
import java.util.List;

/** Builds the desired DeviceClass objects for a set of {@link DeviceClassOptions}. */
public final class DeviceClassFactory {

  /** The classes for the enabled drivers, in {@link NvidiaDeviceClass} declaration order. */
  public List<DeviceClass> deviceClasses(DeviceClassOptions options) {
    return Arrays.stream(NvidiaDeviceClass.values())
        .filter(c -> options.enabled(c.driver()))
        .map(c -> deviceClass(c, options.extendedResource()))
        .toList();
  }

  /** One class; the extended resource name is only ever set on {@code gpu.nvidia.com}. */
  public DeviceClass deviceClass(NvidiaDeviceClass definition, ExtendedResourceMapping mapping) {
    boolean mapsGpu =
        definition == NvidiaDeviceClass.GPU && mapping == ExtendedResourceMapping.NVIDIA_GPU;
    return new DeviceClassBuilder()
        .withNewMetadata()
        .withName(definition.className())
        .endMetadata()
        .withNewSpec()
        .addNewSelector()
        .withNewCel()
        .withExpression(definition.selector())
        .endCel()
        .endSelector()
        .withExtendedResourceName(mapsGpu ? NvidiaDeviceClass.NVIDIA_GPU_EXTENDED_RESOURCE : null)
        .endSpec()
        .build();
  }
}
