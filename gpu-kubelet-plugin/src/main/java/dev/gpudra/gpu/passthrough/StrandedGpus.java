package dev.gpudra.gpu.passthrough;

import dev.gpudra.gpu.discovery.VfioGpu;
import dev.gpudra.node.pci.PciDriverSwitch;
import dev.gpudra.node.pci.PciException;
import dev.gpudra.node.pci.PciGpu;
import dev.gpudra.node.pci.PciSysfs;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * At start, before NVML is opened: GPUs left bound to a vfio driver that no claim of the checkpoint
 * holds (a pod force-deleted without unprepare, a crash between bind and checkpoint) go back to
 * nvidia, so that NVML sees them again, as NVIDIA's plugin reconciles them.
 */
public final class StrandedGpus {
  private static final Logger log = LoggerFactory.getLogger(StrandedGpus.class);

  private StrandedGpus() {}

  /**
   * @param held the synthetic UUIDs of the passthrough devices the checkpoint's claims hold
   * @return the PCI addresses given back to nvidia
   */
  public static List<String> reclaim(PciSysfs sysfs, PciDriverSwitch drivers, Set<String> held) {
    List<String> reclaimed = new ArrayList<>();
    for (PciGpu gpu : sysfs.gpus()) {
      boolean vfio = gpu.driver().filter(d -> d.contains("vfio")).isPresent();
      if (!vfio || held.contains(VfioGpu.nameUuid(gpu.address()))) {
        continue;
      }
      log.warn(
          "GPU {} is bound to {} but no prepared claim holds it; giving it back to nvidia",
          gpu.address(),
          gpu.driver().orElseThrow());
      try {
        drivers.bind(gpu.address(), Passthrough.NVIDIA);
        reclaimed.add(gpu.address());
      } catch (PciException e) {
        // one busy GPU must not keep the plugin from serving the others; it stays offered as
        // a passthrough device, and the next start tries again
        log.error(
            "GPU {} stays on {}: {}", gpu.address(), gpu.driver().orElseThrow(), e.getMessage());
      }
    }
    return reclaimed;
  }
}
