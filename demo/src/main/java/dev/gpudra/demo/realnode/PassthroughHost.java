package dev.gpudra.demo.realnode;

import dev.gpudra.demo.PciBus;
import dev.gpudra.realcluster.node.DevicePlaceholders;
import dev.gpudra.testsupport.kernel.SysfsStandIn;
import java.nio.file.Path;

/**
 * What PassthroughSupport needs of a host without GPUs: the PCI bus of a simulated profile in a
 * sysfs stand-in ({@link PciBus}: this JVM plays the kernel's part of moving GPUs between nvidia
 * and vfio-pci), and placeholders of the device nodes vfio-pci would make ({@code /dev/vfio/vfio}
 * and one per IOMMU group) for the container runtime to inject. Closing removes both.
 */
public final class PassthroughHost implements AutoCloseable {
  private final SysfsStandIn sysfs;
  private final DevicePlaceholders vfioNodes;

  private PassthroughHost(SysfsStandIn sysfs, DevicePlaceholders vfioNodes) {
    this.sysfs = sysfs;
    this.vfioNodes = vfioNodes;
  }

  /**
   * @param sysfsRoot where the stand-in goes (the plugin's {@code --sysfs-root})
   * @param profile the simulated GPU profile the plugin runs
   */
  public static PassthroughHost start(Path sysfsRoot, String profile) {
    SysfsStandIn sysfs = PciBus.start(sysfsRoot, profile);
    try {
      return new PassthroughHost(
          sysfs,
          DevicePlaceholders.create(DevicePlaceholders.vfioPaths(PciBus.iommuGroups(profile))));
    } catch (RuntimeException e) {
      sysfs.close();
      throw e;
    }
  }

  /** The stand-in: which driver each GPU is bound to. */
  public SysfsStandIn sysfs() {
    return sysfs;
  }

  @Override
  public void close() {
    try {
      vfioNodes.close();
    } finally {
      sysfs.close();
    }
  }
}
