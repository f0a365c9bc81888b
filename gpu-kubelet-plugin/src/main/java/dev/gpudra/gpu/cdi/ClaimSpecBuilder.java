package dev.gpudra.gpu.cdi;

import dev.gpudra.gpu.discovery.AllocatableDevice;
import dev.gpudra.gpu.discovery.FullGpu;
import dev.gpudra.gpu.discovery.StaticMigDevice;
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

  private final MigCapsResolver caps;
  private final ContainerEdits common;
  private final DeviceNodeLocator nodes;

  /**
   * @param common the spec-level edits
   * @param nodes where a device's own nodes ({@code /dev/nvidiaN}) are found
   */
  public ClaimSpecBuilder(MigCapsResolver caps, ContainerEdits common, DeviceNodeLocator nodes) {
    this.caps = Objects.requireNonNull(caps, "caps");
    this.common = Objects.requireNonNull(common, "common");
    this.nodes = Objects.requireNonNull(nodes, "nodes");
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
    List<CdiDevice> cdiDevices = new ArrayList<>();
    for (AllocatableDevice device : devices) {
      cdiDevices.add(new CdiDevice(deviceName(claimUid, device.name()), edits(device)));
    }
    return CdiSpec.of(KIND, common, cdiDevices);
  }

  private ContainerEdits edits(AllocatableDevice device) {
    String path = "/dev/nvidia" + device.gpu().minor();
    DeviceNode gpuNode =
        nodes
            .locate(path)
            .orElseThrow(() ->
                new CdiException(
                    "device node "
                        + path
                        + " of "
                        + device.name()
                        + " is not on this node (not a character device under the driver's"
                        + " dev root)"));
    return switch (device) {
      case FullGpu gpu -> ContainerEdits.ofNodes(List.of(gpuNode));
      case StaticMigDevice mig -> {
        List<DeviceNode> nodes = new ArrayList<>();
        nodes.add(gpuNode);
        nodes.addAll(
            caps.resolve(
                    mig.gpu().minor(), mig.mig().gpuInstanceId(), mig.mig().computeInstanceId())
                .deviceNodes());
        yield ContainerEdits.ofNodes(nodes);
      }
    };
  }
}
