package dev.gpudra.realcluster.node;

import java.util.Objects;

/**
 * containerd's configuration for the node: its own root, state and socket, the registry hosts of
 * {@link NodeLayout#registryHosts()} (where {@link RegistryMirror}s go), the CRI plugin with CDI
 * reading {@link NodeLayout#cdiDir()}, runc from Debian with cgroupfs, the CNI plugins, and the
 * local pause image pinned as the sandbox image (nothing is pulled). The runtime handler {@code
 * nvidia} stands in for the one a pre-installed NVIDIA Container Toolkit registers (in CDI mode its
 * runtime hands over to runc and containerd's CDI injects the devices): runc too, for the pods of
 * NVIDIA's operands that run with the RuntimeClass {@code nvidia}.
 *
 * @param layout where things live
 * @param tools the programs
 */
public record ContainerdConfig(NodeLayout layout, NodeTools tools) {
  private static final String CRI = "plugins.'io.containerd.cri.v1.runtime'";

  public ContainerdConfig {
    Objects.requireNonNull(layout, "layout");
    Objects.requireNonNull(tools, "tools");
  }

  /**
   * The config file. {@code restrict_oom_score_adj}: root in this VM lacks CAP_SYS_RESOURCE, and a
   * sandbox asking for oom_score_adj -998 fails in runc without it.
   */
  public String toml() {
    return storeAndImages() + runtimes();
  }

  private String storeAndImages() {
    return """
    version = 3
    root = '%s'
    state = '%s'
    imports = []
    [grpc]
      address = '%s'
    [ttrpc]
      address = '%s.ttrpc'
    [plugins.'io.containerd.cri.v1.images']
      snapshotter = 'overlayfs'
    [plugins.'io.containerd.cri.v1.images'.pinned_images]
      sandbox = '%s'
    [plugins.'io.containerd.cri.v1.images'.registry]
      config_path = '%s'
    """
        .formatted(
            layout.containerdRoot(),
            layout.containerdState(),
            layout.containerdSocket(),
            layout.containerdSocket(),
            NodeImages.PAUSE,
            layout.registryHosts());
  }

  /** The CRI runtime section: {@code runc} by default and {@code nvidia}, both runc here. */
  private String runtimes() {
    return """
    [cri]
      restrict_oom_score_adj = true
      disable_apparmor = true
      netns_mounts_under_state_dir = true
      cdi_spec_dirs = ['%s']
    [cri.containerd]
      default_runtime_name = 'runc'
    [cri.containerd.runtimes.runc]
      runtime_type = 'io.containerd.runc.v2'
    [cri.containerd.runtimes.runc.options]
      BinaryName = '%s'
      Root = '%s'
      SystemdCgroup = false
    [cri.containerd.runtimes.nvidia]
      runtime_type = 'io.containerd.runc.v2'
    [cri.containerd.runtimes.nvidia.options]
      BinaryName = '%s'
      Root = '%s'
      SystemdCgroup = false
    [cri.cni]
      bin_dirs = ['%s']
      conf_dir = '%s'
    [plugins.'io.containerd.grpc.v1.cri']
      disable_tcp_service = true
    """
        .replace("[cri", "[" + CRI)
        .formatted(
            layout.cdiDir(),
            tools.runc(),
            layout.runcRoot(),
            tools.runc(),
            layout.runcRoot(),
            tools.cniBinDir(),
            layout.cniConfDir());
  }
}
