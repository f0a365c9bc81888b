package dev.gpudra.gpu.cdi;

import dev.gpudra.gpu.discovery.AllocatableDevice;
import dev.gpudra.gpu.discovery.FullGpu;
import dev.gpudra.gpu.discovery.StaticMigDevice;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Builds the transient CDI spec of one claim: spec-level edits shared by every GPU container (the
 * control device nodes and {@code NVIDIA_VISIBLE_DEVICES=void}, which keeps the legacy runtime hook
 * from injecting GPUs on top of CDI) and one device per prepared device with its device nodes.
 */
public final class ClaimSpecBuilder {
  public static final String VENDOR = "k8s.gpu.nvidia.com";
  public static final String CLASS = "claim";
  public static final String KIND = VENDOR + "/" + CLASS;

  private static final List<String> CONTROL_NODES =
      List.of("/dev/nvidiactl", "/dev/nvidia-uvm", "/dev/nvidia-uvm-tools", "/dev/nvidia-modeset");

  private final MigCapsResolver caps;

  public ClaimSpecBuilder(MigCapsResolver caps) {
    this.caps = Objects.requireNonNull(caps, "caps");
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
   * @throws CdiException when a MIG device's capability nodes cannot be resolved
   */
  public CdiSpec build(String claimUid, List<AllocatableDevice> devices) {
    List<CdiDevice> cdiDevices = new ArrayList<>();
    for (AllocatableDevice device : devices) {
      cdiDevices.add(new CdiDevice(deviceName(claimUid, device.name()), edits(device)));
    }
    return CdiSpec.of(KIND, commonEdits(), cdiDevices);
  }

  private static ContainerEdits commonEdits() {
    return new ContainerEdits(
        List.of("NVIDIA_VISIBLE_DEVICES=void"),
        CONTROL_NODES.stream().map(DeviceNode::of).toList(),
        List.of(),
        List.of());
  }

  private ContainerEdits edits(AllocatableDevice device) {
    DeviceNode gpuNode = DeviceNode.of("/dev/nvidia" + device.gpu().minor());
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
