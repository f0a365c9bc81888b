package dev.gpudra.node.driverroot;

import dev.gpudra.kit.cdi.ContainerEdits;
import dev.gpudra.kit.cdi.DeviceNode;
import dev.gpudra.kit.cdi.Hook;
import dev.gpudra.kit.cdi.Mount;
import dev.gpudra.node.cdi.DeviceNodeLocator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The container edits every GPU container of a claim gets (the spec-level edits), as NVIDIA's
 * plugin writes them through nvcdi: the control device nodes; the driver's libraries, graphics
 * files, programs, firmware and IPC sockets as bind mounts with host paths under the host's driver
 * root; the {@code nvidia-cdi-hook} hooks ({@code create-symlinks}, {@code enable-cuda-compat},
 * {@code update-ldcache}, {@code disable-device-node-modification}); {@code NVIDIA_CTK_LIBCUDA_DIR}
 * and {@code NVIDIA_VISIBLE_DEVICES=void} (which keeps the legacy runtime hook from adding GPUs on
 * top of CDI). Built once at start: a function of the driver root, the driver version and the hook
 * path.
 *
 * @param root the driver root, seen from the plugin and from the host
 * @param version the driver version NVML reports
 * @param hookPath the host path of {@code nvidia-cdi-hook} ({@code --nvidia-cdi-hook-path})
 * @param nodes where device nodes are found
 */
public record DriverEdits(
    DriverRoot root, String version, String hookPath, DeviceNodeLocator nodes) {
  /** The control nodes, in nvcdi's (sorted) order. */
  public static final List<String> CONTROL_NODES =
      List.of("/dev/nvidia-modeset", "/dev/nvidia-uvm", "/dev/nvidia-uvm-tools", "/dev/nvidiactl");

  static final List<String> MOUNT_OPTIONS = List.of("ro", "nosuid", "nodev", "rbind", "rprivate");
  static final List<String> IPC_OPTIONS = List.of("nosuid", "nodev", "rbind", "rprivate", "noexec");

  public DriverEdits {
    Objects.requireNonNull(root, "root");
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(hookPath, "hookPath");
    Objects.requireNonNull(nodes, "nodes");
    if (!hookPath.startsWith("/")) {
      throw new IllegalArgumentException(
          "--nvidia-cdi-hook-path (NVIDIA_CDI_HOOK_PATH) must be absolute: " + hookPath);
    }
  }

  /** The spec-level edits for {@code files}, discovered under {@link #root}. */
  public ContainerEdits common(DriverFiles files) {
    return new ContainerEdits(env(files), controlNodes(), mounts(files), hooks(files));
  }

  private List<String> env(DriverFiles files) {
    List<String> env = new ArrayList<>();
    files
        .libraryDir()
        .ifPresent(dir -> env.add("NVIDIA_CTK_LIBCUDA_DIR=" + root.containerPath(dir)));
    env.add("NVIDIA_VISIBLE_DEVICES=void");
    return env;
  }

  private List<DeviceNode> controlNodes() {
    return CONTROL_NODES.stream().map(nodes::locate).flatMap(Optional::stream).toList();
  }

  private List<Mount> mounts(DriverFiles files) {
    List<Mount> mounts = new ArrayList<>();
    for (List<Path> group :
        List.of(files.libraries(), files.graphics(), files.binaries(), files.firmware())) {
      group.forEach(f -> mounts.add(mount(f, MOUNT_OPTIONS)));
    }
    files.ipcSockets().forEach(f -> mounts.add(mount(f, IPC_OPTIONS)));
    mounts.sort(
        Comparator.comparingLong(
                (Mount m) -> m.containerPath().chars().filter(c -> c == '/').count())
            .thenComparing(Mount::containerPath));
    return mounts;
  }

  private Mount mount(Path file, List<String> options) {
    return new Mount(root.hostPath(file), root.containerPath(file), options, null);
  }

  /** No hooks without the driver's libraries: there is nothing to link or cache. */
  private List<Hook> hooks(DriverFiles files) {
    if (files.libraries().isEmpty()) {
      return List.of();
    }
    List<Hook> hooks = new ArrayList<>();
    if (!files.graphicsLinks().isEmpty()) {
      List<String> args = new ArrayList<>();
      files.graphicsLinks().forEach(link -> args.addAll(List.of("--link", link)));
      hooks.add(hook("create-symlinks", args));
    }
    if (!files.links().isEmpty()) {
      List<String> args = new ArrayList<>();
      files.links().forEach(link -> args.addAll(List.of("--link", link)));
      hooks.add(hook("create-symlinks", args));
    }
    hooks.add(hook("enable-cuda-compat", List.of("--host-driver-version=" + version)));
    List<String> folders = new ArrayList<>();
    new LinkedHashSet<>(
            files.libraries().stream().map(l -> root.containerPath(l.getParent())).toList())
        .forEach(dir -> folders.addAll(List.of("--folder", dir)));
    hooks.add(hook("update-ldcache", folders));
    // last, as NVIDIA's 0.5 plugin writes it (conformance/nvidia-0.5/cdi)
    hooks.add(hook("disable-device-node-modification", List.of()));
    return hooks;
  }

  private Hook hook(String command, List<String> args) {
    return CdiHooks.hook(hookPath, command, args);
  }
}
