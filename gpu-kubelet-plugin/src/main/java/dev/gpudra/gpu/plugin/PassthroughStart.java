package dev.gpudra.gpu.plugin;

import dev.gpudra.api.featuregates.FeatureGate;
import dev.gpudra.gpu.checkpoint.CheckpointStore;
import dev.gpudra.gpu.discovery.VfioOffer;
import dev.gpudra.gpu.passthrough.Passthrough;
import dev.gpudra.gpu.passthrough.PassthroughException;
import dev.gpudra.gpu.passthrough.PassthroughRoots;
import dev.gpudra.gpu.passthrough.StrandedGpus;
import dev.gpudra.gpu.passthrough.VfioPciModule;
import dev.gpudra.kit.checkpoint.CheckpointUnreadableException;
import dev.gpudra.node.pci.PciDriverSwitch;
import dev.gpudra.node.pci.PciIds;
import dev.gpudra.node.pci.PciSysfs;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * PassthroughSupport before NVML is opened: the IOMMU must be on and vfio-pci registered (its
 * module loaded with the host's modprobe if need be), else the plugin refuses to start, as
 * NVIDIA's; stranded GPUs go back to nvidia, and the offer of {@code gpu-vfio-<i>} devices is made.
 */
final class PassthroughStart {
  private static final Logger log = LoggerFactory.getLogger(PassthroughStart.class);

  /** The image's {@code chroot}, which runs the host's {@code modprobe} in the host's root. */
  private static final String CHROOT = "chroot";

  private PassthroughStart() {}

  /**
   * @throws IllegalStateException when the IOMMU is off or vfio-pci cannot be loaded
   */
  static Optional<VfioOffer> offer(GpuPluginConfig config, Path bootIdFile) {
    if (!config.featureGates().enabled(FeatureGate.PASSTHROUGH_SUPPORT)) {
      return Optional.empty();
    }
    PassthroughRoots roots = config.passthroughRoots();
    PciSysfs sysfs = new PciSysfs(roots.sysfs());
    if (!sysfs.iommuEnabled()) {
      throw new IllegalStateException(
          "PassthroughSupport is on, but the IOMMU is off: no IOMMU groups under "
              + roots.sysfs().resolve("kernel/iommu_groups")
              + " (enable it on the kernel command line, or turn the gate off on this node)");
    }
    try {
      new VfioPciModule(sysfs, roots.host(), CHROOT).ensureLoaded();
    } catch (PassthroughException e) {
      throw new IllegalStateException("PassthroughSupport is on, but " + e.getMessage(), e);
    }
    Optional<Set<String>> held = heldPassthroughUuids(config, bootIdFile);
    if (held.isPresent()) {
      List<String> reclaimed =
          StrandedGpus.reclaim(
              sysfs, new PciDriverSwitch(sysfs, Passthrough.DRIVER_SWITCH), held.get());
      log.info("passthrough: {} stranded GPUs given back to nvidia at start", reclaimed.size());
    }
    return Optional.of(new VfioOffer(sysfs, PciIds.find(roots.host()), roots.iommuFd()));
  }

  /** The passthrough devices the checkpoint's claims hold; empty when it cannot be read. */
  private static Optional<Set<String>> heldPassthroughUuids(
      GpuPluginConfig config, Path bootIdFile) {
    try {
      return Optional.of(
          new CheckpointStore(config.dataDir(), bootIdFile)
              .read().claims().values().stream()
                  .flatMap(c -> c.devices().stream())
                  .filter(d -> "vfio".equals(d.type()))
                  .map(d -> d.uuid())
                  .collect(Collectors.toSet()));
    } catch (CheckpointUnreadableException e) {
      log.warn(
          "passthrough: the checkpoint cannot be read ({}): GPUs on vfio-pci stay there",
          e.getMessage());
      return Optional.empty();
    }
  }
}
