package dev.gpudra.gpu.plugin;

import dev.gpudra.api.featuregates.FeatureGate;
import dev.gpudra.api.v1beta1.ConfigDecoder;
import dev.gpudra.gpu.cdi.ClaimCdiSpecs;
import dev.gpudra.gpu.cdi.ClaimSpecBuilder;
import dev.gpudra.gpu.checkpoint.CheckpointStore;
import dev.gpudra.gpu.checkpoint.CheckpointV1;
import dev.gpudra.gpu.checkpoint.PreparedClaim;
import dev.gpudra.gpu.config.ConfigResolver;
import dev.gpudra.gpu.discovery.AllocatableDevice;
import dev.gpudra.gpu.discovery.DeviceType;
import dev.gpudra.gpu.discovery.Inventory;
import dev.gpudra.gpu.discovery.VfioGpu;
import dev.gpudra.gpu.mig.MigFeature;
import dev.gpudra.gpu.mig.MigPartitions;
import dev.gpudra.gpu.mps.MpsDaemons;
import dev.gpudra.gpu.mps.MpsDirectories;
import dev.gpudra.gpu.mps.MpsNode;
import dev.gpudra.gpu.mps.MpsSharing;
import dev.gpudra.gpu.passthrough.GpuUsers;
import dev.gpudra.gpu.passthrough.Passthrough;
import dev.gpudra.gpu.passthrough.PassthroughFeature;
import dev.gpudra.gpu.sharing.ClaimSharing;
import dev.gpudra.gpu.sharing.MpsControl;
import dev.gpudra.gpu.sharing.SharingFeature;
import dev.gpudra.gpu.sharing.TimeSlicing;
import dev.gpudra.gpu.state.CheckpointRecovery;
import dev.gpudra.gpu.state.DeviceFeature;
import dev.gpudra.gpu.state.DeviceLookup;
import dev.gpudra.gpu.state.DeviceState;
import dev.gpudra.gpu.state.GpuDraDriver;
import dev.gpudra.gpu.state.StateParts;
import dev.gpudra.gpu.state.StepObserver;
import dev.gpudra.kit.DraDriver;
import dev.gpudra.kit.cdi.ContainerEdits;
import dev.gpudra.kit.checkpoint.CheckpointUnreadableException;
import dev.gpudra.kit.metadata.MetadataDriver;
import dev.gpudra.kit.metadata.MetadataFiles;
import dev.gpudra.kit.metadata.MetadataPaths;
import dev.gpudra.kit.mount.LibcTmpfs;
import dev.gpudra.kit.mount.Tmpfs;
import dev.gpudra.node.cdi.DeviceNodeLocator;
import dev.gpudra.node.cdi.MigCapsResolver;
import dev.gpudra.node.cdi.ProcMigCapsResolver;
import dev.gpudra.node.cdi.SimulatedMigCapsResolver;
import dev.gpudra.node.driverroot.CachedGpuEdits;
import dev.gpudra.node.driverroot.DeclaredDeviceNodes;
import dev.gpudra.node.driverroot.DriverEdits;
import dev.gpudra.node.driverroot.DriverFileDiscovery;
import dev.gpudra.node.driverroot.DriverFiles;
import dev.gpudra.node.driverroot.DriverRoot;
import dev.gpudra.node.driverroot.GpuNodeEdits;
import dev.gpudra.node.driverroot.HostDeviceNodes;
import dev.gpudra.node.metrics.DriverMetrics;
import dev.gpudra.node.metrics.MeteredDriver;
import dev.gpudra.node.pci.PciSysfs;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The driver side of the plugin, assembled from its parts: state over checkpoint, configs and CDI,
 * wrapped with metrics.
 */
public record GpuDriverParts(
    Inventory inventory,
    NodeGpus gpus,
    Optional<NodeHealth> health,
    CheckpointStore checkpoints,
    DeviceState state,
    DraDriver driver,
    DriverMetrics metrics,
    CheckpointRecovery recovery,
    Optional<Passthrough> passthrough) {
  private static final Logger log = LoggerFactory.getLogger(GpuDriverParts.class);
  private static final Path SYSFS = Path.of("/sys");
  private static final String CONTROL_DEVICE = "/dev/nvidiactl";

  /**
   * Where node facts are read, who watches the steps of each prepare (tests stop the process at a
   * chosen step), and how long a second instance waits for the running one to stop.
   *
   * @param bootIdFile where the node's boot ID is read (reboots invalidate prepared claims)
   * @param procRoot where the MIG capability files and meminfo are read
   * @param steps who watches the steps of each prepare
   * @param ownerWait how long a second instance waits for the running one to stop
   * @param mpsReadyWait how long a prepare waits for its MPS control daemon
   * @param tmpfs what mounts the MPS daemons' shm tmpfs
   * @param passthroughFreeWait how long a passthrough prepare waits for a GPU's other users
   */
  public record Hooks(
      Path bootIdFile,
      Path procRoot,
      StepObserver steps,
      Duration ownerWait,
      Duration mpsReadyWait,
      Tmpfs tmpfs,
      Duration passthroughFreeWait) {
    /** What a DaemonSet's pod gets: long enough for the previous pod's graceful stop. */
    public static final Duration OWNER_WAIT = Duration.ofSeconds(30);

    public static Hooks defaults() {
      return new Hooks(
          CheckpointStore.DEFAULT_BOOT_ID,
          Path.of("/proc"),
          StepObserver.NONE,
          OWNER_WAIT,
          MpsNode.READY_WAIT,
          new LibcTmpfs(),
          Passthrough.FREE_WAIT);
    }

    public Hooks withBootIdFile(Path file) {
      return new Hooks(file, procRoot, steps, ownerWait, mpsReadyWait, tmpfs, passthroughFreeWait);
    }

    public Hooks withSteps(StepObserver observer) {
      return new Hooks(
          bootIdFile, procRoot, observer, ownerWait, mpsReadyWait, tmpfs, passthroughFreeWait);
    }

    public Hooks withOwnerWait(Duration value) {
      return new Hooks(
          bootIdFile, procRoot, steps, value, mpsReadyWait, tmpfs, passthroughFreeWait);
    }

    /** How long a prepare waits for an MPS control daemon before its retryable error. */
    public Hooks withMpsReadyWait(Duration value) {
      return new Hooks(bootIdFile, procRoot, steps, ownerWait, value, tmpfs, passthroughFreeWait);
    }

    /** How long a passthrough prepare waits for the host's processes to let go of a GPU. */
    public Hooks withPassthroughFreeWait(Duration value) {
      return new Hooks(bootIdFile, procRoot, steps, ownerWait, mpsReadyWait, tmpfs, value);
    }

    /** What mounts the MPS daemons' shm tmpfs (a stand-in on a simulated node). */
    public Hooks withTmpfs(Tmpfs value) {
      return new Hooks(
          bootIdFile, procRoot, steps, ownerWait, mpsReadyWait, value, passthroughFreeWait);
    }
  }

  /**
   * @param gpus the GPUs the inventory was read from, set through for sharing
   */
  public static GpuDriverParts assemble(
      GpuPluginConfig config,
      Inventory inventory,
      NodeGpus gpus,
      Hooks hooks,
      KubernetesClient client) {
    Path bootIdFile = hooks.bootIdFile();
    Path procRoot = hooks.procRoot();
    CheckpointStore checkpoints = new CheckpointStore(config.dataDir(), bootIdFile);
    MigCapsResolver caps =
        config.simulatedGpus().isPresent()
            ? new SimulatedMigCapsResolver()
            : new ProcMigCapsResolver(procRoot);
    ClaimCdiSpecs specs =
        new ClaimCdiSpecs(
            specBuilder(config, inventory, caps), ClaimSpecBuilder.writer(config.cdiRoot()));
    DeviceLookup devices = DeviceLookup.of(inventory.byName());
    Optional<Passthrough> passthrough = passthrough(config, gpus, inventory, hooks);
    DeviceState state =
        new DeviceState(
            StateParts.of(
                    config.nodeName(),
                    devices,
                    new ConfigResolver(config.featureGates(), new ConfigDecoder()),
                    specs,
                    checkpoints)
                .withSteps(hooks.steps())
                .withFeatures(
                    features(
                        config,
                        new FeatureParts(inventory, gpus, devices, hooks),
                        client,
                        passthrough)));
    DriverMetrics metrics =
        new DriverMetrics(
            GpuPluginConfig.DRIVER_NAME,
            config.nodeName(),
            () -> preparedCounts(checkpoints),
            () -> unreadable(checkpoints));
    Optional<NodeHealth> health =
        config.featureGates().enabled(FeatureGate.NVML_DEVICE_HEALTH_CHECK)
            ? Optional.of(NodeHealth.of(inventory, config.nodeName(), metrics.registry()))
            : Optional.empty();
    DraDriver driver =
        new MeteredDriver(
            withMetadata(
                config,
                inventory,
                state,
                new GpuDraDriver(state, health.map(NodeHealth::broadcast))),
            metrics);
    return new GpuDriverParts(
        inventory,
        gpus,
        health,
        checkpoints,
        state,
        driver,
        metrics,
        new CheckpointRecovery(checkpoints, specs, devices, config.nodeName()),
        passthrough);
  }

  /**
   * With DeviceMetadata, each prepared request's metadata file, mounted into its containers through
   * a CDI spec of its own (in the kubelet's layout), for every kind of device.
   */
  private static DraDriver withMetadata(
      GpuPluginConfig config, Inventory inventory, DeviceState state, DraDriver driver) {
    if (!config.featureGates().enabled(FeatureGate.DEVICE_METADATA)) {
      return driver;
    }
    return new MetadataDriver(
        driver,
        new MetadataFiles(
            new MetadataPaths(config.dataDir(), config.cdiRoot(), GpuPluginConfig.DRIVER_NAME)),
        new MetadataAttributes(state, config.deviceModel(inventory.system())));
  }

  /** What each claim's prepare may do besides its CDI spec, the gates' features in step order. */
  private static List<DeviceFeature> features(
      GpuPluginConfig config,
      FeatureParts parts,
      KubernetesClient client,
      Optional<Passthrough> passthrough) {
    DeviceLookup devices = parts.devices();
    List<DeviceFeature> features = new ArrayList<>();
    features.add(
        new SharingFeature(
            new ClaimSharing(
                Optional.of(new TimeSlicing(parts.gpus().nvml(), parts.gpus().timeSlicer())),
                mps(config, parts.gpus(), parts.hooks(), client),
                name ->
                    devices
                        .find(name)
                        .filter(d -> !(d instanceof VfioGpu))
                        .map(AllocatableDevice::gpu))));
    passthrough.ifPresent(p -> features.add(new PassthroughFeature(p, devices)));
    if (config.featureGates().enabled(FeatureGate.DYNAMIC_MIG)) {
      features.add(
          new MigFeature(
              new MigPartitions(parts.gpus().nvml()),
              devices,
              PartitionedGpus.of(parts.inventory())));
    }
    return features;
  }

  /** What the features are built from. */
  private record FeatureParts(
      Inventory inventory, NodeGpus gpus, DeviceLookup devices, Hooks hooks) {}

  /** What binds passthrough GPUs, with PassthroughSupport on. */
  private static Optional<Passthrough> passthrough(
      GpuPluginConfig config, NodeGpus gpus, Inventory inventory, Hooks hooks) {
    if (!config.featureGates().enabled(FeatureGate.PASSTHROUGH_SUPPORT)) {
      return Optional.empty();
    }
    PciSysfs sysfs = new PciSysfs(config.passthroughRoots().sysfs());
    return Optional.of(
        new Passthrough(
            sysfs,
            new NvmlPersistenceModes(gpus.nvml()),
            new GpuUsers(config.passthroughRoots().host(), config.hostDriverRoot()),
            hooks.passthroughFreeWait(),
            inventory.devices()));
  }

  /** MPS control daemons, with MPSSupport on. */
  private static Optional<MpsControl> mps(
      GpuPluginConfig config, NodeGpus gpus, Hooks hooks, KubernetesClient client) {
    if (!config.featureGates().enabled(FeatureGate.MPS_SUPPORT)) {
      return Optional.empty();
    }
    MpsNode node =
        new MpsNode(
            config.namespace(),
            config.nodeName(),
            config.imageName().orElseThrow(),
            config.hostDriverRoot(),
            hooks.mpsReadyWait(),
            MpsNode.STOP_WAIT,
            config.gated().mpsPod());
    MpsDirectories dirs =
        new MpsDirectories(
            config.dataDir().resolve("mps"), hooks.tmpfs(), hooks.procRoot().resolve("meminfo"));
    return Optional.of(
        new MpsControl(new MpsSharing(node, dirs, new MpsDaemons(client, node)), gpus.nvml()));
  }

  private static boolean unreadable(CheckpointStore checkpoints) {
    try {
      checkpoints.read();
      return false;
    } catch (CheckpointUnreadableException e) {
      return true;
    }
  }

  /**
   * The claims' spec builder with the spec-level edits discovered once, now, from the driver root.
   * Simulated GPUs declare their device nodes; real ones must be character devices on the node.
   *
   * @throws IllegalArgumentException when real GPUs' driver root has none of the driver's libraries
   */
  static ClaimSpecBuilder specBuilder(
      GpuPluginConfig config, Inventory inventory, MigCapsResolver caps) {
    boolean simulated = config.simulatedGpus().isPresent();
    DriverRoot root = new DriverRoot(config.driverRoot(), config.hostDriverRoot());
    DeviceNodeLocator nodes = simulated ? new DeclaredDeviceNodes() : new HostDeviceNodes(root);
    String version = inventory.system().driverVersion();
    DriverFiles files = new DriverFileDiscovery().discover(root.container(), version);
    if (!simulated && files.libraries().isEmpty()) {
      throw new IllegalArgumentException(
          "no libcuda.so."
              + version
              + " or libnvidia-ml.so."
              + version
              + " under the driver root "
              + root.container()
              + " (--container-driver-root, DRIVER_ROOT_CTR_PATH; the host's is "
              + root.host()
              + ", --nvidia-driver-root): containers would get no driver libraries");
    }
    log.info(
        "CDI: driver {} under {} (host {}): {} libraries, {} graphics files, {} programs, {}"
            + " firmware files, {} IPC sockets; hooks run {}",
        version,
        root.container(),
        root.host(),
        files.libraries().size(),
        files.graphics().size(),
        files.binaries().size(),
        files.firmware().size(),
        files.ipcSockets().size(),
        files.libraries().isEmpty() ? "nothing (no driver libraries)" : config.cdiHookPath());
    if (!simulated && nodes.locate(CONTROL_DEVICE).isEmpty()) {
      log.warn(
          "no {} under the dev root {} (the driver root when it has a dev directory, else /):"
              + " claims will fail until the driver's device nodes are there",
          CONTROL_DEVICE,
          root.devRoot());
    }
    ContainerEdits common =
        new DriverEdits(root, version, config.cdiHookPath(), nodes).common(files);
    return new ClaimSpecBuilder(
        caps,
        common,
        new CachedGpuEdits(
            new GpuNodeEdits(
                nodes,
                root,
                simulated ? Optional.empty() : Optional.of(SYSFS),
                config.cdiHookPath())));
  }

  /**
   * The {@code device_type} values NVIDIA's plugin reports from its start, each at 0 until a device
   * of that type is prepared: ours and {@code unknown}, so that dashboards find every series.
   */
  static final List<String> DEVICE_TYPES =
      java.util.stream.Stream.concat(
              java.util.Arrays.stream(DeviceType.values()).map(DeviceType::attribute),
              java.util.stream.Stream.of("unknown"))
          .sorted()
          .toList();

  /** Prepared devices by type, over every completed claim of the checkpoint. */
  static Map<String, Long> preparedCounts(CheckpointStore checkpoints) {
    Map<String, Long> counts = new TreeMap<>();
    DEVICE_TYPES.forEach(t -> counts.put(t, 0L));
    CheckpointV1 checkpoint;
    try {
      checkpoint = checkpoints.read();
    } catch (CheckpointUnreadableException e) {
      return counts; // gpu_dra_checkpoint_unreadable says why
    }
    checkpoint.claims().values().stream()
        .filter(PreparedClaim::isCompleted)
        .flatMap(c -> c.devices().stream())
        .forEach(d -> counts.merge(d.type(), 1L, Long::sum));
    return counts;
  }
}
