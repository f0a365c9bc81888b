package dev.gpudra.gpu.plugin;

import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.gpu.checkpoint.CheckpointStore;
import dev.gpudra.gpu.checkpoint.PreparedClaim;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A node's directories below one temp root, and the plugin's files in them read as an operator
 * would: CDI specs by their documented names, checkpoint entries by claim UID.
 */
record NodeDirs(Path root) {
  static final String BOOT_ID = "it-boot-1";

  Path cdi() {
    return root.resolve("cdi");
  }

  Path registrar() {
    return root.resolve("plugins_registry");
  }

  Path plugins() {
    return root.resolve("plugins");
  }

  Path bootIdFile() {
    return root.resolve("boot_id");
  }

  /** {@code <plugins>/gpu.nvidia.com}: sockets, checkpoint and locks. */
  Path dataDir() {
    return plugins().resolve(GpuPluginConfig.DRIVER_NAME);
  }

  /** The spec file NVIDIA's plugin writes for a claim (reference 5.4), spelled out literally. */
  Path specFile(String claimUid) {
    return cdi().resolve("k8s.gpu.nvidia.com-claim_" + claimUid + ".yaml");
  }

  /** Every file in the CDI root, hidden temp files included. */
  List<Path> cdiFiles() {
    if (!Files.isDirectory(cdi())) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(cdi())) {
      return files.sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  String specText(String claimUid) {
    try {
      return Files.readString(specFile(claimUid));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Writes the boot ID file the plugin compares its checkpoint with; returns this. */
  NodeDirs withBootId() {
    try {
      Files.createDirectories(root);
      Files.writeString(bootIdFile(), BOOT_ID + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return this;
  }

  /** A checkpoint store for reading from another process than the plugin's. */
  CheckpointStore foreignCheckpoint() {
    return new CheckpointStore(dataDir(), bootIdFile());
  }

  static Optional<PreparedClaim> entry(CheckpointStore store, String claimUid) {
    return Optional.ofNullable(store.read().claims().get(claimUid));
  }

  /** The plugin's configuration for these directories, a simulated profile and no health port. */
  GpuPluginConfig config(
      String node, String profile, FeatureGates gates, Optional<InetSocketAddress> metrics) {
    return config(node, profile, gates, metrics, dev.gpudra.gpu.slices.ConsumableShares.DISABLED);
  }

  /** With a consumable-shares mode (the ConsumableShares gate needs one, and the reverse). */
  GpuPluginConfig config(
      String node,
      String profile,
      FeatureGates gates,
      Optional<InetSocketAddress> metrics,
      dev.gpudra.gpu.slices.ConsumableShares shares) {
    return config(node, GpuSource.simulated(profile), gates, metrics, shares);
  }

  /**
   * The plugin's configuration for these directories on the real GPUs of this machine: NVML and the
   * driver's files from {@code driverRoot} (the same path for the plugin and the host), no health
   * port, no metrics.
   */
  GpuPluginConfig realConfig(String node, Path driverRoot, FeatureGates gates) {
    return config(
        node,
        new GpuSource(driverRoot, Optional.empty()),
        gates,
        Optional.empty(),
        dev.gpudra.gpu.slices.ConsumableShares.DISABLED);
  }

  /**
   * Where the plugin finds its GPUs: NVML and the driver's files under {@code driverRoot}, or a
   * simulated profile (the driver root then {@code /}, unread).
   */
  private record GpuSource(Path driverRoot, Optional<String> profile) {
    static GpuSource simulated(String profile) {
      return new GpuSource(Path.of("/"), Optional.of(profile));
    }
  }

  private GpuPluginConfig config(
      String node,
      GpuSource gpus,
      FeatureGates gates,
      Optional<InetSocketAddress> metrics,
      dev.gpudra.gpu.slices.ConsumableShares shares) {
    return new GpuPluginConfig(
        node,
        "gpu-dra",
        Optional.empty(),
        cdi(),
        registrar(),
        plugins(),
        gpus.driverRoot(),
        gpus.driverRoot(),
        "/usr/bin/nvidia-cdi-hook",
        gates,
        -1,
        metrics,
        "/metrics",
        gpus.profile(),
        GateSettings.DEFAULTS.withImageName(IMAGE).withConsumableShares(shares));
  }

  /** The image MPS control daemons are given. */
  static final String IMAGE = "gpu-dra:it";
}
