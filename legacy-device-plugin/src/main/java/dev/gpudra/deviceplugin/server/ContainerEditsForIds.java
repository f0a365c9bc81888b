package dev.gpudra.deviceplugin.server;

import dev.gpudra.deviceplugin.cdi.PluginCdiNames;
import dev.gpudra.deviceplugin.config.DeviceListStrategy;
import dev.gpudra.deviceplugin.config.Flags;
import dev.gpudra.deviceplugin.devices.AdvertisedDevice;
import dev.gpudra.deviceplugin.mps.MpsRoot;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.CDIDevice;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.ContainerAllocateResponse;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.DeviceSpec;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.Mount;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The pieces of one container's Allocate answer, one method per device list strategy. */
final class ContainerEditsForIds {
  /** Where the volume-mounts strategy mounts one {@code /dev/null} per device. */
  static final String DEVICE_LIST_DIR = "/var/run/nvidia-container-devices";

  /** Control nodes given with {@code passDeviceSpecs}, where the node has them. */
  static final List<String> CONTROL_NODES =
      List.of("/dev/nvidiactl", "/dev/nvidia-uvm", "/dev/nvidia-uvm-tools", "/dev/nvidia-modeset");

  private static final String ANNOTATION_SOURCE = "nvidia-device-plugin";

  /** The IMEX channels a container gets, for the legacy runtime hook. */
  static final String IMEX_CHANNELS = "NVIDIA_IMEX_CHANNELS";

  private final Flags flags;
  private final NodeDevices node;

  ContainerEditsForIds(Flags flags, NodeDevices node) {
    this.flags = flags;
    this.node = node;
  }

  /** The devices' CDI names as an annotation and/or the CRI's CDIDevices. */
  void cdi(
      ContainerAllocateResponse.Builder container,
      List<String> ids,
      List<DeviceListStrategy> strategies) {
    List<String> names = new ArrayList<>(ids.stream().map(PluginCdiNames::gpu).toList());
    node.imexChannels().forEach(c -> names.add(PluginCdiNames.imexChannel(String.valueOf(c))));
    if (strategies.contains(DeviceListStrategy.CDI_ANNOTATIONS)) {
      String key =
          flags.plugin().cdiAnnotationPrefix() + ANNOTATION_SOURCE + "_" + node.responseIds().get();
      container.putAnnotations(key, String.join(",", names));
    }
    if (strategies.contains(DeviceListStrategy.CDI_CRI)) {
      names.forEach(n -> container.addCdiDevices(CDIDevice.newBuilder().setName(n)));
    }
  }

  /** {@code NVIDIA_VISIBLE_DEVICES} and {@code NVIDIA_IMEX_CHANNELS} with the IDs. */
  void envvar(ContainerAllocateResponse.Builder container, List<String> ids) {
    container.putEnvs(AllocateResponses.VISIBLE_DEVICES, String.join(",", ids));
    if (!node.imexChannels().isEmpty()) {
      container.putEnvs(IMEX_CHANNELS, join(node.imexChannels()));
    }
  }

  /**
   * {@code NVIDIA_VISIBLE_DEVICES} pointing at one {@code /dev/null} mount per device (and per IMEX
   * channel under {@code imex/}).
   */
  void volumeMounts(ContainerAllocateResponse.Builder container, List<String> ids) {
    container.putEnvs(AllocateResponses.VISIBLE_DEVICES, DEVICE_LIST_DIR);
    for (String id : ids) {
      container.addMounts(
          Mount.newBuilder().setHostPath("/dev/null").setContainerPath(DEVICE_LIST_DIR + "/" + id));
    }
    for (int channel : node.imexChannels()) {
      container.addMounts(
          Mount.newBuilder()
              .setHostPath("/dev/null")
              .setContainerPath(DEVICE_LIST_DIR + "/imex/" + channel));
    }
  }

  private static String join(List<Integer> channels) {
    return String.join(",", channels.stream().map(String::valueOf).toList());
  }

  /** The control nodes the node has, then each device's nodes once, under the dev root, rw. */
  void deviceSpecs(ContainerAllocateResponse.Builder container, List<AdvertisedDevice> devices) {
    CONTROL_NODES.stream().filter(node.present()).forEach(path -> container.addDevices(spec(path)));
    Set<String> given = new HashSet<>();
    devices.stream()
        .flatMap(d -> node.devicePaths().apply(d).stream())
        .filter(given::add)
        .forEach(path -> container.addDevices(spec(path)));
    node.imexChannels().forEach(c -> container.addDevices(spec(NodeDevices.imexChannelPath(c))));
  }

  private DeviceSpec spec(String path) {
    String host = Path.of(flags.nvidiaDevRoot()).resolve(path.substring(1)).toString();
    return DeviceSpec.newBuilder()
        .setContainerPath(path)
        .setHostPath(host)
        .setPermissions("rw")
        .build();
  }

  /**
   * MPS: the resource's daemon pipe directory, as {@code CUDA_MPS_PIPE_DIRECTORY} and mounted from
   * the host's MPS root, and the root's shm as the container's {@code /dev/shm}; whatever the
   * device list strategy, as CUDA finds the daemon by these alone.
   */
  void mps(ContainerAllocateResponse.Builder container, String resource) {
    MpsRoot host = new MpsRoot(Path.of(flags.mpsRoot()));
    String pipe = new MpsRoot(MpsRoot.CONTAINER).pipeDir(resource).toString();
    container.putEnvs("CUDA_MPS_PIPE_DIRECTORY", pipe);
    container.addMounts(
        Mount.newBuilder().setContainerPath(pipe).setHostPath(host.pipeDir(resource).toString()));
    container.addMounts(
        Mount.newBuilder().setContainerPath("/dev/shm").setHostPath(host.shmDir().toString()));
  }

  /** GDRCopy, GDS and MOFED for the legacy runtime hook. */
  void extras(ContainerAllocateResponse.Builder container) {
    if (flags.gdrcopyEnabled()) {
      container.putEnvs("NVIDIA_GDRCOPY", "enabled");
    }
    if (flags.gdsEnabled()) {
      container.putEnvs("NVIDIA_GDS", "enabled");
    }
    if (flags.mofedEnabled()) {
      container.putEnvs("NVIDIA_MOFED", "enabled");
    }
  }
}
