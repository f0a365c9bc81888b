package dev.gpudra.gpu.cdi;

import dev.gpudra.gpu.discovery.AbstractMigDevice;
import dev.gpudra.gpu.discovery.AllocatableDevice;
import dev.gpudra.gpu.discovery.FullGpu;
import dev.gpudra.gpu.discovery.StaticMigDevice;
import dev.gpudra.gpu.discovery.VfioGpu;
import dev.gpudra.kit.cdi.CdiDevice;
import dev.gpudra.kit.cdi.CdiException;
import dev.gpudra.kit.cdi.CdiSpec;
import dev.gpudra.kit.cdi.CdiSpecWriter;
import dev.gpudra.kit.cdi.ContainerEdits;
import dev.gpudra.kit.cdi.DeviceNode;
import dev.gpudra.node.cdi.GpuDeviceEdits;
import dev.gpudra.node.cdi.MigCapsResolver;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Builds the transient CDI spec of one claim: the spec-level edits shared by every GPU container
 * (built once from the driver root: control nodes, driver files, hooks, {@code
 * NVIDIA_VISIBLE_DEVICES=void}) and one device per prepared device with its device nodes.
 */
public final class ClaimSpecBuilder {
  public static final String VENDOR = "k8s.gpu.nvidia.com";
  public static final String CLASS = "claim";
  public static final String KIND = VENDOR + "/" + CLASS;

  /** The writer of this driver's claim specs, {@code k8s.gpu.nvidia.com-claim_<uid>.yaml}. */
  public static CdiSpecWriter writer(java.nio.file.Path cdiRoot) {
    return new CdiSpecWriter(cdiRoot, VENDOR, CLASS);
  }

  private final MigCapsResolver caps;
  private final ContainerEdits common;
  private final GpuDeviceEdits gpus;

  /**
   * @param common the spec-level edits
   * @param gpus a whole GPU's own edits ({@code /dev/nvidiaN}, its DRM nodes)
   */
  public ClaimSpecBuilder(MigCapsResolver caps, ContainerEdits common, GpuDeviceEdits gpus) {
    this.caps = Objects.requireNonNull(caps, "caps");
    this.common = Objects.requireNonNull(common, "common");
    this.gpus = Objects.requireNonNull(gpus, "gpus");
  }

  /** The CDI device name of a claim's device: {@code <claimUID>-<deviceName>}. */
  public static String deviceName(String claimUid, String deviceName) {
    return claimUid + "-" + deviceName;
  }

  /** The fully-qualified CDI device ID returned to the kubelet. */
  public static String qualifiedId(String claimUid, String deviceName) {
    return KIND + "=" + deviceName(claimUid, deviceName);
  }

  /**
   * @param devices at least one
   * @throws CdiException when a GPU's device node is missing, or a MIG device's capability nodes
   *     cannot be resolved
   */
  public CdiSpec build(String claimUid, List<AllocatableDevice> devices) {
    return build(claimUid, devices, java.util.Map.of());
  }

  /**
   * @param extra edits a device's group config adds after its own (an MPS daemon's pipe and shm),
   *     by device name
   */
  public CdiSpec build(
      String claimUid,
      List<AllocatableDevice> devices,
      java.util.Map<String, ContainerEdits> extra) {
    List<CdiDevice> cdiDevices = new ArrayList<>();
    java.util.Set<String> named = new java.util.HashSet<>();
    for (AllocatableDevice device : devices) {
      if (!named.add(device.name())) {
        continue; // two shares of one device: one CDI device serves both
      }
      ContainerEdits edits = edits(device);
      ContainerEdits added = extra.get(device.name());
      cdiDevices.add(
          new CdiDevice(
              deviceName(claimUid, device.name()),
              added == null ? edits : edits.followedBy(added)));
    }
    // a claim of passthrough GPUs only hands them to a VM: no driver files, no control nodes
    boolean passthroughOnly = devices.stream().allMatch(d -> d instanceof VfioGpu);
    return CdiSpec.of(KIND, passthroughOnly ? ContainerEdits.none() : common, cdiDevices);
  }

  /** A MIG device gets its parent GPU's edits plus its two capability nodes, as NVIDIA's. */
  private ContainerEdits edits(AllocatableDevice device) {
    if (device instanceof VfioGpu) {
      return ContainerEdits.none(); // its VFIO nodes come with its settings
    }
    ContainerEdits parent = gpus.of(device.gpu());
    return switch (device) {
      case FullGpu gpu -> parent;
      case StaticMigDevice mig -> {
        List<DeviceNode> nodes = new ArrayList<>(parent.deviceNodes());
        nodes.addAll(
            caps.resolve(
                    mig.gpu().minor(), mig.mig().gpuInstanceId(), mig.mig().computeInstanceId())
                .deviceNodes());
        yield new ContainerEdits(parent.env(), nodes, parent.mounts(), parent.hooks());
      }
      case AbstractMigDevice mig ->
          throw new IllegalArgumentException(
              mig.name() + " does not exist yet: its CDI edits follow its creation");
      case VfioGpu vfio -> throw new IllegalStateException("handled above: " + vfio.name());
    };
  }
}
