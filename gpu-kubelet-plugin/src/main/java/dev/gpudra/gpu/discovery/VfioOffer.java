package dev.gpudra.gpu.discovery;

import dev.gpudra.node.pci.PciGpu;
import dev.gpudra.node.pci.PciIds;
import dev.gpudra.node.pci.PciSysfs;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.MigMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * PassthroughSupport's offer: a {@code gpu-vfio-<i>} device for each NVIDIA GPU on the PCI bus that
 * NVML sees outside MIG mode, or that is bound to vfio-pci (held by a prepared claim; NVML cannot
 * see it then). {@code i} counts every NVIDIA GPU by PCI address, as NVIDIA's.
 *
 * @param sysfs the PCI devices
 * @param names {@code productName}s
 * @param iommuFd whether the node has {@code /dev/iommu}
 */
public record VfioOffer(PciSysfs sysfs, PciIds names, boolean iommuFd) {
  public VfioOffer {
    Objects.requireNonNull(sysfs, "sysfs");
    Objects.requireNonNull(names, "names");
  }

  List<VfioGpu> devices(List<GpuInfo> nvmlGpus) {
    List<VfioGpu> devices = new ArrayList<>();
    List<PciGpu> gpus = sysfs.gpus();
    for (int i = 0; i < gpus.size(); i++) {
      PciGpu pci = gpus.get(i);
      Optional<GpuInfo> parent =
          nvmlGpus.stream().filter(g -> g.pciBusId().equals(pci.address())).findFirst();
      boolean vfioBound = pci.driver().filter(d -> d.contains("vfio")).isPresent();
      if (parent.map(g -> g.migMode() != MigMode.ENABLED).orElse(vfioBound)) {
        String name =
            names
                .nvidiaDevice(pci.deviceId())
                .or(() -> parent.map(GpuInfo::name))
                .orElse(String.format("NVIDIA device 0x%04x", pci.deviceId()));
        devices.add(new VfioGpu(parent, i, pci, name, iommuFd));
      }
    }
    return devices;
  }
}
