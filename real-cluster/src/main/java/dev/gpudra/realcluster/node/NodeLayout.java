package dev.gpudra.realcluster.node;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Where the real node keeps everything, under one base directory (short: Unix socket paths are
 * limited to 107 bytes).
 *
 * @param base the base directory
 */
public record NodeLayout(Path base) {
  public NodeLayout {
    base = Objects.requireNonNull(base, "base").toAbsolutePath();
  }

  public Path containerdRoot() {
    return base.resolve("containerd/root");
  }

  public Path containerdState() {
    return base.resolve("containerd/state");
  }

  public Path containerdConfig() {
    return base.resolve("containerd/config.toml");
  }

  public Path containerdSocket() {
    return base.resolve("containerd/sock");
  }

  /**
   * containerd's registry configuration ({@code config_path}): a directory per registry host
   * holding its {@code hosts.toml}, read at each pull.
   */
  public Path registryHosts() {
    return base.resolve("containerd/certs.d");
  }

  /** runc's state: the node's containers, so that a clean-up finds every one of them. */
  public Path runcRoot() {
    return base.resolve("containerd/runc");
  }

  /** The CDI spec directory containerd reads and the plugin writes ({@code --cdi-root}). */
  public Path cdiDir() {
    return base.resolve("cdi");
  }

  public Path cniConfDir() {
    return base.resolve("cni/conf");
  }

  /** host-local IPAM's allocations, kept here rather than in /var/lib/cni. */
  public Path cniDataDir() {
    return base.resolve("cni/data");
  }

  public Path kubeletRoot() {
    return base.resolve("kubelet");
  }

  public Path kubeletConfig() {
    return base.resolve("kubelet-config.yaml");
  }

  /** The kubelet's {@code podLogsDir}: {@code <ns>_<pod>_<uid>/<container>/<restart>.log}. */
  public Path podLogs() {
    return base.resolve("pod-logs");
  }

  /** Where DRA plugins put their registration sockets ({@code plugins_registry}). */
  public Path registrarDir() {
    return kubeletRoot().resolve("plugins_registry");
  }

  /** Where DRA plugins keep their data and DRA sockets ({@code plugins}). */
  public Path pluginsDir() {
    return kubeletRoot().resolve("plugins");
  }

  /**
   * The driver root the plugin's pod mounts ({@code nvidiaDriverRoot}): simulated GPUs need no
   * driver files; a shared mount, as the chart mounts it with {@code HostToContainer}.
   */
  public Path driverRoot() {
    return base.resolve("driver-root");
  }

  /**
   * The device plugin's MPS root ({@code devicePlugin.mps.root}): its daemons' pipes and shm, a
   * shared mount, as the chart mounts it with {@code Bidirectional}.
   */
  public Path mpsRoot() {
    return base.resolve("mps");
  }

  /**
   * A container toolkit's install directory ({@code toolkit.installDir}): the operator's operands
   * find {@code nvidia-cdi-hook} at {@code toolkit/nvidia-cdi-hook} under it.
   */
  public Path toolkitDir() {
    return base.resolve("toolkit");
  }

  public Path images() {
    return base.resolve("images");
  }

  public Path logs() {
    return base.resolve("logs");
  }
}
