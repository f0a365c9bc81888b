package dev.gpudra.nvml.simulated;

import dev.gpudra.nvml.ComputeMode;
import dev.gpudra.nvml.FabricInfo;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.GpuLink;
import dev.gpudra.nvml.MigDevice;
import dev.gpudra.nvml.MigMode;
import dev.gpudra.nvml.MigProfile;
import dev.gpudra.nvml.Nvml;
import dev.gpudra.nvml.NvmlGpuLostException;
import dev.gpudra.nvml.NvmlNotFoundException;
import dev.gpudra.nvml.NvmlNotSupportedException;
import dev.gpudra.nvml.Placement;
import dev.gpudra.nvml.RecoveryAction;
import dev.gpudra.nvml.SystemInfo;
import dev.gpudra.nvml.TimeSlice;
import dev.gpudra.nvml.TimeSlicer;
import dev.gpudra.nvml.XidEvent;
import dev.gpudra.nvml.XidWatch;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link Nvml} port answered from a {@link GpuProfile}: what the GPUs are is computed once, at
 * construction, from the profile and the node name, so it is the same on every start of the same
 * node. What the GPUs have been set to ({@link GpuSettings}) changes with the calls that set it and
 * can be read with {@link #settings}; it lives as long as this object, as a real GPU's settings
 * live until the driver reloads. Thread-safe.
 */
public final class SimulatedNvml implements Nvml, TimeSlicer {
  private static final Logger log = LoggerFactory.getLogger(SimulatedNvml.class);

  private final SystemInfo system;
  private final List<GpuInfo> gpus;
  private final Map<String, SimulatedGpu> gpusByUuid;
  private final Map<String, SimulatedMig> migs;
  private final SimulatedLinks links;
  private final Optional<Path> stateFile;
  private final Optional<XidInbox> inbox;
  private final Map<String, GpuSettings> settings = new ConcurrentHashMap<>();
  private final List<SimulatedXidWatch> watches = new CopyOnWriteArrayList<>();
  private final Set<String> lost = ConcurrentHashMap.newKeySet();
  private final Map<String, RecoveryAction> actions = new ConcurrentHashMap<>();
  private final Set<String> refusingEvents = ConcurrentHashMap.newKeySet();
  private volatile boolean refusingEventSets;

  public SimulatedNvml(GpuProfile profile, String nodeName) {
    this(profile, nodeName, Optional.empty());
  }

  /**
   * @param stateFile where what the GPUs were set to is kept across processes (a restarted plugin
   *     finds the MIG devices it made), or empty to keep it in this object only; beside it, {@link
   *     #xidInbox} takes XIDs from other processes
   */
  public SimulatedNvml(GpuProfile profile, String nodeName, Optional<Path> stateFile) {
    DeviceIdentities ids = new DeviceIdentities(profile.name(), nodeName);
    this.system = new SystemInfo(profile.driverVersion(), profile.cudaDriverVersion());
    Map<String, SimulatedGpu> gpus = new LinkedHashMap<>();
    int index = 0;
    for (GpuGroup group : profile.groups()) {
      for (int i = 0; i < group.count(); i++, index++) {
        SimulatedGpu gpu = SimulatedGpu.of(group, index, profile.pciSlots().get(index), ids);
        gpus.put(gpu.info().uuid(), gpu);
      }
    }
    this.gpus = gpus.values().stream().map(SimulatedGpu::info).toList();
    this.gpusByUuid = Map.copyOf(gpus);
    Map<String, SimulatedMig> migs = new LinkedHashMap<>();
    gpus.forEach((uuid, gpu) -> migs.put(uuid, new SimulatedMig(gpu, ids)));
    this.migs = Map.copyOf(migs);
    this.links = new SimulatedLinks(profile);
    this.stateFile = stateFile;
    this.inbox = stateFile.map(f -> new XidInbox(xidInbox(f), gpusByUuid.keySet()));
    stateFile.flatMap(SimulatedState::read).ifPresent(this::restore);
  }

  /**
   * The file beside {@code stateFile} where another process injects XIDs into the simulated NVML
   * that keeps its state there: it appends lines {@code <gpu-uuid> <xid>} (or {@code <gpu-uuid>
   * <xid> <gi> <ci>} for a MIG device), each delivered once to the event sets waiting then.
   */
  public static Path xidInbox(Path stateFile) {
    return stateFile.resolveSibling(stateFile.getFileName() + ".xids");
  }

  @Override
  public SystemInfo system() {
    return system;
  }

  @Override
  public List<GpuInfo> gpus() {
    return gpus;
  }

  @Override
  public List<MigProfile> migProfiles(GpuInfo gpu) {
    return find(gpu).group().model().migProfiles();
  }

  @Override
  public List<MigDevice> migDevices(GpuInfo gpu) {
    find(gpu);
    return migs.get(gpu.uuid()).devices();
  }

  @Override
  public MigMode migMode(GpuInfo gpu) {
    find(gpu);
    return migs.get(gpu.uuid()).mode();
  }

  @Override
  public void setMigMode(GpuInfo gpu, boolean enabled) {
    reachable(gpu);
    migs.get(gpu.uuid()).setMode(enabled);
    save();
  }

  @Override
  public MigDevice createMigDevice(GpuInfo gpu, MigProfile profile, Placement placement) {
    reachable(gpu);
    MigDevice created = migs.get(gpu.uuid()).create(profile, placement);
    save();
    return created;
  }

  @Override
  public void destroyMigDevice(GpuInfo gpu, int gpuInstanceId, int computeInstanceId) {
    reachable(gpu);
    migs.get(gpu.uuid()).destroy(gpuInstanceId, computeInstanceId);
    save();
  }

  @Override
  public Optional<FabricInfo> fabricInfo(GpuInfo gpu) {
    return find(gpu).group().fabric();
  }

  @Override
  public GpuLink link(GpuInfo a, GpuInfo b) {
    reachable(a);
    reachable(b);
    if (a.uuid().equals(b.uuid())) {
      throw new IllegalArgumentException("a GPU has no link to itself: " + a.uuid());
    }
    return links.between(a.index(), b.index());
  }

  @Override
  public ComputeMode computeMode(GpuInfo gpu) {
    reachable(gpu);
    return settings(gpu).computeMode();
  }

  @Override
  public void setComputeMode(GpuInfo gpu, ComputeMode mode) {
    reachable(gpu);
    if (mode == ComputeMode.EXCLUSIVE_THREAD) {
      throw new NvmlNotSupportedException("compute mode EXCLUSIVE_THREAD is deprecated by NVML");
    }
    settings.merge(
        gpu.uuid(), GpuSettings.BOOT.withComputeMode(mode), (old, x) -> old.withComputeMode(mode));
    save();
  }

  @Override
  public boolean persistenceMode(GpuInfo gpu) {
    reachable(gpu);
    return settings(gpu).persistenceMode();
  }

  @Override
  public void setPersistenceMode(GpuInfo gpu, boolean enabled) {
    reachable(gpu);
    settings.merge(
        gpu.uuid(),
        GpuSettings.BOOT.withPersistenceMode(enabled),
        (old, x) -> old.withPersistenceMode(enabled));
    save();
  }

  @Override
  public void setTimeSlice(GpuInfo gpu, TimeSlice slice) {
    reachable(gpu);
    settings.merge(
        gpu.uuid(), GpuSettings.BOOT.withTimeSlice(slice), (old, x) -> old.withTimeSlice(slice));
    save();
  }

  /**
   * From now on (or no longer), no event set can be made at all, as on a driver or vGPU guest
   * without event support.
   */
  public void refuseEventSets(boolean refuse) {
    refusingEventSets = refuse;
  }

  @Override
  public XidWatch watchXids(List<GpuInfo> watched) {
    if (refusingEventSets) {
      throw new NvmlNotSupportedException("simulated NVML: event sets are not supported");
    }
    Set<String> uuids = new HashSet<>();
    List<GpuInfo> unwatched = new ArrayList<>();
    for (GpuInfo gpu : watched) {
      find(gpu);
      if (refusingEvents.contains(gpu.uuid())) {
        unwatched.add(gpu);
      } else {
        uuids.add(gpu.uuid());
      }
    }
    SimulatedXidWatch[] watch = new SimulatedXidWatch[1];
    watch[0] =
        new SimulatedXidWatch(uuids, unwatched, () -> watches.remove(watch[0]), this::readInbox);
    watches.add(watch[0]);
    return watch[0];
  }

  /** An XID error on the whole GPU, as the driver would report it to every event set. */
  public void injectXid(GpuInfo gpu, long xid) {
    injectXid(gpu, xid, XidEvent.WHOLE_GPU, XidEvent.WHOLE_GPU);
  }

  /**
   * An XID error on the GPU's MIG device with these GI and CI IDs; the driver sets the recovery
   * action NVIDIA's XID catalog asks for ({@link DriverRecovery}), if any.
   */
  public void injectXid(GpuInfo gpu, long xid, int gpuInstanceId, int computeInstanceId) {
    find(gpu);
    raise(gpu.uuid(), DriverRecovery.after(xid));
    XidEvent event = new XidEvent(gpu.uuid(), xid, gpuInstanceId, computeInstanceId);
    watches.forEach(w -> w.deliver(event));
  }

  /** An XID error on the whole GPU, with the recovery action the driver sets with it. */
  public void injectXid(GpuInfo gpu, long xid, RecoveryAction action) {
    setRecoveryAction(gpu, action);
    XidEvent event = XidEvent.onGpu(gpu.uuid(), xid);
    watches.forEach(w -> w.deliver(event));
  }

  /** The driver sets the GPU's recovery action: {@link RecoveryAction#NONE} once it was reset. */
  public void setRecoveryAction(GpuInfo gpu, RecoveryAction action) {
    find(gpu);
    actions.put(gpu.uuid(), action);
  }

  /** A pending recovery action stays until the GPU recovers; a new XID never clears it. */
  private void raise(String uuid, RecoveryAction action) {
    if (!action.equals(RecoveryAction.NONE)) {
      actions.put(uuid, action);
    }
  }

  /**
   * Empty for a driver before 565; else the action the last XID set, {@link RecoveryAction#NONE}
   * after boot. It lives as long as this object (a restarted plugin's GPUs need none).
   */
  @Override
  public Optional<RecoveryAction> recoveryAction(GpuInfo gpu) {
    reachable(gpu);
    if (!DriverRecovery.reports(system.driverVersion())) {
      return Optional.empty();
    }
    return Optional.of(actions.getOrDefault(gpu.uuid(), RecoveryAction.NONE));
  }

  /** Delivers the XIDs other processes put in the inbox since the last read; logs refused lines. */
  private void readInbox() {
    if (inbox.isEmpty()) {
      return;
    }
    synchronized (inbox.get()) {
      XidInbox.Batch batch = inbox.get().read();
      batch.refused().forEach(r -> log.warn("refused an injected XID: {}", r));
      for (XidInbox.Report report : batch.reports()) {
        report
            .action()
            .ifPresentOrElse(
                a -> actions.put(report.gpuUuid(), a),
                () ->
                    report.xid().ifPresent(e -> raise(e.gpuUuid(), DriverRecovery.after(e.xid()))));
        report.xid().ifPresent(e -> watches.forEach(w -> w.deliver(e)));
      }
    }
  }

  /** The GPU falls off the bus: event sets watching it fail, and calls on it fail, from now on. */
  public void loseGpu(GpuInfo gpu) {
    find(gpu);
    lost.add(gpu.uuid());
    watches.forEach(w -> w.lose(gpu.uuid()));
  }

  /** From now on, the GPU refuses XID event registration (as GPUs without event support do). */
  public void refuseXidEvents(GpuInfo gpu) {
    find(gpu);
    refusingEvents.add(gpu.uuid());
  }

  /** What the GPU has been set to so far. */
  public GpuSettings settings(GpuInfo gpu) {
    find(gpu);
    return settings.getOrDefault(gpu.uuid(), GpuSettings.BOOT);
  }

  @Override
  public void close() {
    // Nothing to release: there is no library session.
  }

  private synchronized void save() {
    if (stateFile.isEmpty()) {
      return;
    }
    Map<String, SimulatedState.Gpu> state = new LinkedHashMap<>();
    migs.forEach((uuid, mig) ->
        state.put(uuid, mig.snapshot(settings.getOrDefault(uuid, GpuSettings.BOOT))));
    new SimulatedState(state).write(stateFile.get());
  }

  private void restore(SimulatedState state) {
    state
        .gpus()
        .forEach((uuid, gpu) -> {
          SimulatedMig mig = migs.get(uuid);
          if (mig != null) {
            mig.restore(gpu);
            settings.put(
                uuid, new GpuSettings(gpu.computeMode(), gpu.timeSlice(), gpu.persistenceMode()));
          }
        });
  }

  /** The GPU, unless it was lost. */
  private SimulatedGpu reachable(GpuInfo gpu) {
    SimulatedGpu found = find(gpu);
    if (lost.contains(gpu.uuid())) {
      throw new NvmlGpuLostException("simulated NVML: GPU " + gpu.uuid() + " is lost");
    }
    return found;
  }

  private SimulatedGpu find(GpuInfo gpu) {
    SimulatedGpu found = gpusByUuid.get(gpu.uuid());
    if (found == null) {
      throw new NvmlNotFoundException("simulated NVML has no GPU " + gpu.uuid());
    }
    return found;
  }
}
