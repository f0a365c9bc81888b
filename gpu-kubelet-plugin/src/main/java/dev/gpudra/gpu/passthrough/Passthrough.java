package dev.gpudra.gpu.passthrough;

import dev.gpudra.api.v1beta1.IommuBackendPolicy;
import dev.gpudra.api.v1beta1.VfioDeviceConfig;
import dev.gpudra.gpu.checkpoint.SharingRecord;
import dev.gpudra.gpu.config.AllocatedDevice;
import dev.gpudra.gpu.config.ConfigGroup;
import dev.gpudra.gpu.discovery.AllocatableDevice;
import dev.gpudra.gpu.discovery.VfioGpu;
import dev.gpudra.kit.cdi.ContainerEdits;
import dev.gpudra.kit.cdi.DeviceNode;
import dev.gpudra.node.pci.PciDriverSwitch;
import dev.gpudra.node.pci.PciException;
import dev.gpudra.node.pci.PciSysfs;
import dev.gpudra.nvml.NvmlException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Binds passthrough GPUs to vfio-pci and back, and says what their containers get. */
public final class Passthrough {
  static final String VFIO_PCI = "vfio-pci";
  static final String NVIDIA = "nvidia";

  /** How long the kernel may take to move a GPU between drivers, as NVIDIA's. */
  public static final Duration DRIVER_SWITCH = Duration.ofSeconds(15);

  /**
   * How long a prepare waits for the host's processes to let go of the GPU (checked every second,
   * as NVIDIA's): NVIDIA's 60 s outlast the kubelet's 45 s NodePrepareResources deadline, so the
   * error would never reach it; 30 s ends the call with a retryable error naming the processes.
   */
  public static final Duration FREE_WAIT = Duration.ofSeconds(30);

  private static final Duration FREE_POLL = Duration.ofSeconds(1);

  private static final Logger log = LoggerFactory.getLogger(Passthrough.class);

  private final PciSysfs sysfs;
  private final PciDriverSwitch drivers;
  private final PersistenceModes persistence;
  private final GpuUsers users;
  private final Duration freeWait;
  private final Map<String, Set<String>> siblings;
  private final java.util.concurrent.atomic.AtomicReference<Runnable> changed =
      new java.util.concurrent.atomic.AtomicReference<>(() -> {});

  /**
   * @param sysfs the PCI sysfs whose drivers a GPU moves between ({@link #DRIVER_SWITCH} to wait)
   * @param persistence the GPUs' persistence mode, off while a GPU moves to vfio-pci
   * @param users the host's processes holding a GPU, waited for before it moves
   * @param freeWait how long a prepare waits for them ({@link #FREE_WAIT})
   */
  public Passthrough(
      PciSysfs sysfs,
      PersistenceModes persistence,
      GpuUsers users,
      Duration freeWait,
      List<AllocatableDevice> inventory) {
    this.sysfs = Objects.requireNonNull(sysfs, "sysfs");
    this.drivers = new PciDriverSwitch(sysfs, DRIVER_SWITCH);
    this.persistence = Objects.requireNonNull(persistence, "persistence");
    this.users = Objects.requireNonNull(users, "users");
    this.freeWait = Objects.requireNonNull(freeWait, "freeWait");
    this.siblings = siblings(inventory);
  }

  /**
   * What a device of a {@code VfioDeviceConfig} group is set to: the iommufd backend when the
   * config prefers it and the node has it, else the legacy group device.
   */
  public static SharingRecord plan(ConfigGroup group, AllocatedDevice device) {
    if (!(device.device() instanceof VfioGpu vfio)
        || !(group.config() instanceof VfioDeviceConfig config)) {
      return SharingRecord.NONE;
    }
    boolean iommuFd =
        config.iommu().backendPolicy() == IommuBackendPolicy.PREFER_IOMMU_FD && vfio.iommuFd();
    return SharingRecord.passthrough(
        iommuFd ? "iommufd" : "legacy", Boolean.TRUE.equals(config.iommu().enableAPIDevice()));
  }

  /**
   * The other representations of the same physical GPU ({@code gpu-<minor>} and, with DynamicMIG,
   * its MIG devices for {@code gpu-vfio-<i>}, and the reverse): one side is prepared at a time.
   */
  public Set<String> siblings(String device) {
    return siblings.getOrDefault(device, Set.of());
  }

  /** Both directions of each passthrough device and the NVML devices of the same GPU. */
  private static Map<String, Set<String>> siblings(List<AllocatableDevice> inventory) {
    Map<String, Set<String>> siblings = new HashMap<>();
    for (AllocatableDevice vfio : inventory) {
      if (vfio instanceof VfioGpu gpu) {
        inventory.stream()
            .filter(gpu::sibling)
            .forEach(other -> {
              siblings.computeIfAbsent(gpu.name(), k -> new TreeSet<>()).add(other.name());
              siblings.computeIfAbsent(other.name(), k -> new TreeSet<>()).add(gpu.name());
            });
      }
    }
    Map<String, Set<String>> frozen = new HashMap<>();
    siblings.forEach((k, v) -> frozen.put(k, Set.copyOf(v)));
    return Map.copyOf(frozen);
  }

  /** Called after each prepare and unprepare: the siblings to hide changed, slices follow. */
  public void onChange(Runnable listener) {
    changed.set(Objects.requireNonNull(listener, "listener"));
  }

  public void changed() {
    changed.get().run();
  }

  /**
   * Binds the GPU to vfio-pci, after checking that it can be passed through and turning its
   * persistence mode off (NVIDIA's order: the driver lets go of a GPU only without it).
   *
   * @param claim {@code namespace/name}, for messages
   * @return whether persistence mode was on, for {@link #unbind} to turn it on again
   * @throws PassthroughException naming what stands in the way
   */
  public boolean bind(String claim, VfioGpu gpu) {
    String address = gpu.pci().address();
    String what = "claim " + claim + ": GPU " + gpu.name() + " (" + address + ")";
    if (!sysfs.iommuEnabled()) {
      throw new PassthroughException(
          what
              + " cannot be passed through: the IOMMU is off (no IOMMU groups under "
              + sysfs.root().resolve("kernel/iommu_groups")
              + "; enable it on the kernel command line)");
    }
    if (gpu.pci().iommuGroup().isEmpty()) {
      throw new PassthroughException(what + " has no IOMMU group");
    }
    if (gpu.pci().virtualFunctions() > 0) {
      throw new PassthroughException(
          what
              + " has "
              + gpu.pci().virtualFunctions()
              + " SR-IOV VFs enabled: disable them first");
    }
    boolean persistent = persistenceOff(what, gpu);
    try {
      awaitFree(what, gpu);
      drivers.bind(address, VFIO_PCI);
    } catch (PciException | PassthroughException e) {
      if (persistent) {
        persistenceOn(what, gpu);
      }
      throw e instanceof PassthroughException p
          ? p
          : new PassthroughException(what + ": " + e.getMessage(), e);
    }
    return persistent;
  }

  /**
   * Waits until no process of the host holds the GPU's device node (a GPU already off nvidia has
   * none).
   *
   * @throws PassthroughException naming the processes when they hold it past {@link #FREE_WAIT}
   */
  private void awaitFree(String what, VfioGpu gpu) {
    if (gpu.parent().isEmpty()) {
      return;
    }
    int minor = gpu.parent().get().minor();
    Instant deadline = Instant.now().plus(freeWait);
    List<String> holding = users.of(minor);
    while (!holding.isEmpty()) {
      if (Instant.now().isAfter(deadline)) {
        throw new PassthroughException(
            what
                + " is still in use after "
                + freeWait.toSeconds()
                + " s: /dev/nvidia"
                + minor
                + " is held by "
                + String.join(", ", holding)
                + " (e.g. a monitoring agent such as dcgm-exporter); the kubelet retries the"
                + " claim once they let go");
      }
      log.info("{}: waiting for {} to let go of /dev/nvidia{}", what, holding, minor);
      sleep(FREE_POLL.compareTo(freeWait) < 0 ? FREE_POLL : freeWait);
      holding = users.of(minor);
    }
  }

  private static void sleep(Duration duration) {
    try {
      Thread.sleep(duration);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new PassthroughException("interrupted while waiting for a GPU to be free", e);
    }
  }

  /**
   * Whether the GPU has persistence mode on now (a GPU off nvidia: no), recorded before it moves so
   * that a rollback or a restart after a crash can turn it on again.
   *
   * @throws PassthroughException when NVML cannot say
   */
  public boolean persistenceModeOn(String claim, VfioGpu gpu) {
    if (gpu.parent().isEmpty()) {
      return false;
    }
    try {
      return persistence.enabled(gpu.parent().get());
    } catch (NvmlException e) {
      throw new PassthroughException(
          "claim "
              + claim
              + ": GPU "
              + gpu.name()
              + ": cannot read its persistence mode: "
              + e.getMessage(),
          e);
    }
  }

  /** Turns persistence mode off where NVML has it on; true when it did. */
  private boolean persistenceOff(String what, VfioGpu gpu) {
    if (gpu.parent().isEmpty()) {
      return false; // not on the nvidia driver: NVML does not see it
    }
    try {
      if (!persistence.enabled(gpu.parent().get())) {
        return false;
      }
      persistence.set(gpu.parent().get(), false);
      return true;
    } catch (NvmlException e) {
      throw new PassthroughException(
          what + ": cannot turn persistence mode off: " + e.getMessage(), e);
    }
  }

  /**
   * Turns persistence mode on again. The GPU works without it, so a refusal is logged, not raised:
   * failing the unprepare would keep the claim's pod from ever going.
   */
  private void persistenceOn(String what, VfioGpu gpu) {
    try {
      persistence.set(gpu.parent().orElseThrow(), true);
    } catch (NvmlException e) {
      log.warn("{}: persistence mode stays off: {}", what, e.getMessage(), e);
    }
  }

  /**
   * Gives the GPU back to the nvidia driver, and its persistence mode when {@link #bind} took it.
   *
   * @throws PassthroughException when the kernel does not bind it
   */
  public void unbind(String claim, VfioGpu gpu, boolean restorePersistence) {
    String what = "claim " + claim + ": GPU " + gpu.name() + " (" + gpu.pci().address() + ")";
    try {
      drivers.bind(gpu.pci().address(), NVIDIA);
    } catch (PciException e) {
      throw new PassthroughException(what + " cannot go back to nvidia: " + e.getMessage(), e);
    }
    if (restorePersistence && gpu.parent().isPresent()) {
      persistenceOn(what, gpu);
    }
  }

  /**
   * The device nodes of a bound GPU: its IOMMU group's {@code /dev/vfio/<group>} (legacy) or its
   * {@code /dev/vfio/devices/vfioN} (iommufd), and the API device when asked for.
   */
  public ContainerEdits edits(VfioGpu gpu, SharingRecord record) {
    List<DeviceNode> nodes = new ArrayList<>();
    boolean iommuFd = "iommufd".equals(record.vfioBackend());
    if (iommuFd) {
      nodes.add(node("/dev/vfio/devices/" + vfioCdev(gpu)));
    } else {
      nodes.add(node("/dev/vfio/" + gpu.pci().iommuGroup().orElseThrow()));
    }
    if (Boolean.TRUE.equals(record.vfioApiDevice())) {
      nodes.add(node(iommuFd ? "/dev/iommu" : "/dev/vfio/vfio"));
    }
    return ContainerEdits.ofNodes(nodes);
  }

  /** {@code vfioN}, the character device vfio-pci made for the device ({@code vfio-dev/}). */
  private String vfioCdev(VfioGpu gpu) {
    Path dir =
        sysfs.root().resolve("bus/pci/devices").resolve(gpu.pci().address()).resolve("vfio-dev");
    try (Stream<Path> entries = Files.list(dir)) {
      return entries
          .map(p -> p.getFileName().toString())
          .filter(n -> n.matches("vfio[0-9]+"))
          .findFirst()
          .orElseThrow(() -> new PassthroughException(dir + " names no vfio device"));
    } catch (IOException e) {
      throw new PassthroughException(
          "GPU " + gpu.name() + ": no iommufd device under " + dir + ": " + e, e);
    }
  }

  private static DeviceNode node(String path) {
    return new DeviceNode(path, null, null, null, null, null, null, null, null);
  }
}
