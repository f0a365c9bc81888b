package dev.gpudra.deviceplugin.mps;

import dev.gpudra.deviceplugin.config.ReplicatedResources;
import dev.gpudra.node.mps.ControlDaemonSettings;
import dev.gpudra.node.mps.MpsControlException;
import dev.gpudra.node.mps.MpsControlProgram;
import dev.gpudra.nvml.ComputeMode;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.NvmlException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The running MPS control daemons of one config, one per MPS-shared resource; closing them quits
 * each and gives its GPUs back their DEFAULT compute mode.
 */
public final class MpsControlDaemons implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(MpsControlDaemons.class);

  private final MpsRoot root;
  private final ComputeModes computeModes;
  private final List<Started> started = new ArrayList<>();

  private record Started(ResourceDaemon daemon, MpsControlProgram program) {}

  private MpsControlDaemons(MpsRoot root, ComputeModes computeModes) {
    this.root = root;
    this.computeModes = computeModes;
  }

  /**
   * Starts a daemon per resource, then writes {@code .ready}; a failure stops those started.
   *
   * @param computeModes where the GPUs' compute modes are set (NVML)
   * @param mps the config's {@code sharing.mps}, written to {@code .ready}
   * @param daemons the daemons to run (none: {@code .ready} alone, nothing is shared by MPS)
   * @param driverRoot where the driver's {@code nvidia-cuda-mps-control} is
   * @throws MpsStartException naming the resource and what failed
   */
  public static MpsControlDaemons start(
      MpsRoot root,
      ComputeModes computeModes,
      Path driverRoot,
      ReplicatedResources mps,
      List<ResourceDaemon> daemons) {
    ReadyFile ready = new ReadyFile(root);
    ready.remove();
    MpsControlDaemons running = new MpsControlDaemons(root, computeModes);
    try {
      for (ResourceDaemon daemon : daemons) {
        running.startOne(daemon, driverRoot);
      }
      if (mps != null) {
        ready.write(mps);
      }
      return running;
    } catch (RuntimeException e) {
      running.close();
      throw e;
    }
  }

  private void startOne(ResourceDaemon daemon, Path driverRoot) {
    String resource = daemon.resource();
    ControlDaemonSettings settings = daemon.settings(root, driverRoot);
    try {
      Files.createDirectories(settings.pipeDir());
      Files.createDirectories(settings.logDir());
      MpsControlProgram program = MpsControlProgram.find(settings);
      setComputeMode(daemon, ComputeMode.EXCLUSIVE_PROCESS);
      try {
        program.startDaemon();
      } catch (MpsControlException e) {
        setComputeMode(daemon, ComputeMode.DEFAULT);
        throw e;
      }
      started.add(new Started(daemon, program));
      for (String command : MpsControlProgram.settingCommands(settings)) {
        program.send(command);
      }
      Files.writeString(root.startedFile(resource), "");
      log.info(
          "{}: MPS control daemon started on {} GPUs, {} replicas each (pipes {})",
          resource,
          daemon.gpus().size(),
          daemon.replicas(),
          settings.pipeDir());
    } catch (IOException e) {
      throw new MpsStartException(resource + ": " + e.getMessage(), e);
    } catch (MpsControlException | NvmlException e) {
      throw new MpsStartException(resource + ": " + e.getMessage(), e);
    }
  }

  /** The resources whose daemon runs. */
  public List<String> resources() {
    return started.stream().map(s -> s.daemon().resource()).toList();
  }

  /**
   * {@code .ready} first (the plugin stops serving new MPS starts), then each daemon quits and its
   * GPUs go back to DEFAULT; a failure is logged and the others are still stopped.
   */
  @Override
  public void close() {
    try {
      new ReadyFile(root).remove();
    } catch (UncheckedIOException e) {
      log.warn("{}", e.getMessage());
    }
    for (Started one : started.reversed()) {
      String resource = one.daemon().resource();
      try {
        one.program().send("quit");
      } catch (MpsControlException e) {
        log.warn("{}: quit was not taken: {}", resource, e.getMessage());
      }
      try {
        setComputeMode(one.daemon(), ComputeMode.DEFAULT);
        Files.deleteIfExists(root.startedFile(resource));
      } catch (IOException | NvmlException e) {
        log.warn("{}: after quit: {}", resource, e.getMessage());
      }
      log.info("{}: MPS control daemon stopped", resource);
    }
    started.clear();
  }

  private void setComputeMode(ResourceDaemon daemon, ComputeMode mode) {
    for (GpuInfo gpu : daemon.gpus()) {
      computeModes.set(gpu, mode);
    }
  }
}
