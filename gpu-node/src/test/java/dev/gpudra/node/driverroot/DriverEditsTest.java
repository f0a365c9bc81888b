package dev.gpudra.node.driverroot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.kit.cdi.CdiSpec;
import dev.gpudra.kit.cdi.CdiSpecWriter;
import dev.gpudra.kit.cdi.ContainerEdits;
import dev.gpudra.kit.cdi.DeviceNode;
import dev.gpudra.kit.cdi.Hook;
import dev.gpudra.kit.cdi.Mount;
import dev.gpudra.node.cdi.DeviceNodeLocator;
import dev.gpudra.testsupport.driver.SharedObjectStandIn;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The spec-level CDI edits on driver roots laid out here, against what NVIDIA's plugin writes for
 * the same roots (the issue quotes its output on NVIDIA's mock h100 driver root).
 */
class DriverEditsTest {
  static final String V = "550.163.01";
  static final String HOOK = "/usr/bin/nvidia-cdi-hook";
  static final List<String> RO = List.of("ro", "nosuid", "nodev", "rbind", "rprivate");

  @TempDir Path root;

  /**
   * Device nodes for these tests: a file under the dev root stands for the character device (a test
   * cannot mknod without root; {@link HostDeviceNodesTest} covers the real check).
   */
  record PresentFiles(DriverRoot root) implements DeviceNodeLocator {
    @Override
    public Optional<DeviceNode> locate(String path) {
      Path node = root.devRoot().resolve(path.substring(1));
      return Files.exists(node)
          ? Optional.of(
              new DeviceNode(path, root.hostPath(node), null, null, null, null, null, null, null))
          : Optional.empty();
    }
  }

  private ContainerEdits edits(DriverRoot driverRoot) {
    DriverFiles files = new DriverFileDiscovery().discover(driverRoot.container(), V);
    return new DriverEdits(driverRoot, V, HOOK, new PresentFiles(driverRoot)).common(files);
  }

  private static Hook hook(String... args) {
    return new Hook(
        "createContainer",
        HOOK,
        List.of(args).stream().collect(java.util.stream.Collectors.toList()),
        List.of("NVIDIA_CTK_DEBUG=false"),
        null);
  }

  @Test
  @DisplayName(
      "NVIDIA's mock h100 driver root: the same env, nodes, mounts and hooks as NVIDIA's plugin")
  void mockH100() throws IOException {
    lib("usr/lib64", "libnvidia-ml");
    executable("usr/bin/nvidia-smi");
    for (String node :
        List.of("nvidia0", "nvidia3", "nvidia7", "nvidiactl", "nvidia-uvm", "nvidia-uvm-tools")) {
      file("dev/" + node);
    }
    file("proc/driver/nvidia/version");
    DriverRoot driverRoot = new DriverRoot(root, root);

    ContainerEdits edits = edits(driverRoot);

    assertThat(edits.env())
        .containsExactly("NVIDIA_CTK_LIBCUDA_DIR=/usr/lib64", "NVIDIA_VISIBLE_DEVICES=void");
    assertThat(edits.deviceNodes())
        .extracting(DeviceNode::path, DeviceNode::hostPath)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("/dev/nvidia-uvm", root + "/dev/nvidia-uvm"),
            org.assertj.core.groups.Tuple.tuple(
                "/dev/nvidia-uvm-tools", root + "/dev/nvidia-uvm-tools"),
            org.assertj.core.groups.Tuple.tuple("/dev/nvidiactl", root + "/dev/nvidiactl"));
    assertThat(edits.mounts())
        .containsExactly(
            new Mount(root + "/usr/bin/nvidia-smi", "/usr/bin/nvidia-smi", RO, null),
            new Mount(
                root + "/usr/lib64/libnvidia-ml.so." + V,
                "/usr/lib64/libnvidia-ml.so." + V,
                RO,
                null));
    assertThat(edits.hooks())
        .containsExactly(
            hook(
                "nvidia-cdi-hook",
                "create-symlinks",
                "--link",
                "libnvidia-ml.so." + V + "::/usr/lib64/libnvidia-ml.so.1",
                "--link",
                "libnvidia-ml.so.1::/usr/lib64/libnvidia-ml.so"),
            hook("nvidia-cdi-hook", "enable-cuda-compat", "--host-driver-version=" + V),
            hook("nvidia-cdi-hook", "update-ldcache", "--folder", "/usr/lib64"),
            hook("nvidia-cdi-hook", "disable-device-node-modification"));
    assertThat(
            new GpuNodeEdits(new PresentFiles(driverRoot), driverRoot, Optional.empty(), HOOK)
                .of(SimulatedGpus.gpu(3))
                .deviceNodes())
        .containsExactly(
            new DeviceNode(
                "/dev/nvidia3", root + "/dev/nvidia3", null, null, null, null, null, null, null));
  }

  @Test
  @DisplayName(
      "a full driver root in a pod: libraries by version suffix (video under vdpau), graphics,"
          + " programs, firmware and IPC sockets, host paths under the host's driver root")
  void fullDriverRootInAPod() throws IOException {
    String lib = "usr/lib/x86_64-linux-gnu";
    layOutFullDriverRoot(lib);
    DriverRoot driverRoot = new DriverRoot(root, Path.of("/run/nvidia/driver"));

    ContainerEdits edits = edits(driverRoot);

    assertThat(edits.env())
        .containsExactly(
            "NVIDIA_CTK_LIBCUDA_DIR=/usr/lib/x86_64-linux-gnu", "NVIDIA_VISIBLE_DEVICES=void");
    assertThat(edits.mounts())
        .extracting(Mount::containerPath)
        .containsExactly(
            "/run/nvidia-persistenced/socket",
            "/usr/bin/nvidia-cuda-mps-control",
            "/usr/bin/nvidia-persistenced",
            "/usr/bin/nvidia-smi",
            "/etc/vulkan/icd.d/nvidia_icd.json",
            "/usr/lib/x86_64-linux-gnu/libEGL_nvidia.so." + V,
            "/usr/lib/x86_64-linux-gnu/libGLX_nvidia.so." + V,
            "/usr/lib/x86_64-linux-gnu/libcuda.so." + V,
            "/usr/lib/x86_64-linux-gnu/libnvcuvid.so." + V,
            "/usr/lib/x86_64-linux-gnu/libnvidia-egl-gbm.so.1.1.2",
            "/usr/lib/x86_64-linux-gnu/libnvidia-encode.so." + V,
            "/usr/lib/x86_64-linux-gnu/libnvidia-ml.so." + V,
            "/usr/lib/x86_64-linux-gnu/libnvidia-nvvm.so." + V,
            "/usr/lib/x86_64-linux-gnu/libnvidia-opencl.so." + V,
            "/usr/lib/x86_64-linux-gnu/libnvidia-ptxjitcompiler.so." + V,
            "/lib/firmware/nvidia/" + V + "/gsp_ga10x.bin",
            "/lib/firmware/nvidia/" + V + "/gsp_tu10x.bin",
            "/usr/lib/x86_64-linux-gnu/vdpau/libvdpau_nvidia.so." + V,
            "/usr/share/glvnd/egl_vendor.d/10_nvidia.json");
    assertHostPaths(edits);
    assertHooks(edits, lib);
  }

  /** Every kind of driver file, one leftover of another version, and a directory not mounted. */
  private void layOutFullDriverRoot(String lib) throws IOException {
    for (String name :
        List.of(
            "libcuda",
            "libnvidia-ml",
            "libnvidia-ptxjitcompiler",
            "libnvidia-nvvm",
            "libnvidia-opencl",
            "libnvcuvid",
            "libnvidia-encode",
            "libGLX_nvidia",
            "libEGL_nvidia")) {
      lib(lib, name);
    }
    file(lib + "/vdpau/libvdpau_nvidia.so." + V);
    file(lib + "/libnvidia-ml.so.535.00.00"); // another version's leftover: not mounted
    file(lib + "/libnvidia-egl-gbm.so.1.1.2");
    file("usr/share/glvnd/egl_vendor.d/10_nvidia.json");
    file("etc/vulkan/icd.d/nvidia_icd.json");
    for (String bin : List.of("nvidia-smi", "nvidia-persistenced", "nvidia-cuda-mps-control")) {
      executable("usr/bin/" + bin);
    }
    file("lib/firmware/nvidia/" + V + "/gsp_ga10x.bin");
    file("lib/firmware/nvidia/" + V + "/gsp_tu10x.bin");
    file("run/nvidia-persistenced/socket");
    Files.createDirectories(root.resolve("tmp/nvidia-mps")); // a directory: not mounted
  }

  /** Sockets and programs are mounted from the host's driver root, sockets without exec. */
  private static void assertHostPaths(ContainerEdits edits) {
    Mount socket =
        edits.mounts().stream()
            .filter(m -> m.containerPath().endsWith("socket"))
            .findFirst()
            .orElseThrow();
    assertThat(socket.hostPath()).isEqualTo("/run/nvidia/driver/run/nvidia-persistenced/socket");
    assertThat(socket.options()).containsExactly("nosuid", "nodev", "rbind", "rprivate", "noexec");
    assertThat(edits.mounts().get(1).hostPath())
        .isEqualTo("/run/nvidia/driver/usr/bin/nvidia-cuda-mps-control");
  }

  /** The symlink hook links the sonames, then the ldcache hook scans the library folders. */
  private static void assertHooks(ContainerEdits edits, String lib) {
    Hook symlinks = edits.hooks().getFirst();
    assertThat(symlinks.args())
        .containsSubsequence(
            "--link",
            "libcuda.so.1::/" + lib + "/libcuda.so",
            "--link",
            "libcuda.so." + V + "::/" + lib + "/libcuda.so.1")
        .contains("libGLX_nvidia.so." + V + "::/" + lib + "/libGLX_indirect.so.0")
        .containsOnlyOnce("libcuda.so.1::/" + lib + "/libcuda.so");
    assertThat(edits.hooks().get(edits.hooks().size() - 2).args())
        .containsExactly(
            "nvidia-cdi-hook",
            "update-ldcache",
            "--folder",
            "/" + lib,
            "--folder",
            "/" + lib + "/vdpau");
  }

  @Test
  @DisplayName(
      "a desktop driver root: the Xorg modules mounted, and nvcdi's graphics links (GBM, GLX"
          + " server) in their own create-symlinks hook before the libraries' one")
  void graphicsDriverRoot() throws IOException {
    String lib = "usr/lib/x86_64-linux-gnu";
    lib(lib, "libcuda");
    lib(lib, "libnvidia-allocator");
    file("usr/lib/xorg/modules/drivers/nvidia_drv.so");
    file("usr/lib/xorg/modules/extensions/libglxserver_nvidia.so." + V);
    file("usr/lib64/xorg/modules/drivers/nvidia_drv.so"); // a later candidate: not mounted

    ContainerEdits edits = edits(new DriverRoot(root, root));

    assertThat(edits.mounts())
        .extracting(Mount::containerPath)
        .contains(
            "/usr/lib/xorg/modules/drivers/nvidia_drv.so",
            "/usr/lib/xorg/modules/extensions/libglxserver_nvidia.so." + V)
        .doesNotContain("/usr/lib64/xorg/modules/drivers/nvidia_drv.so");
    List<Hook> symlinks =
        edits.hooks().stream().filter(h -> h.args().get(1).equals("create-symlinks")).toList();
    assertThat(symlinks).hasSize(2);
    assertThat(symlinks.get(0).args())
        .containsExactly(
            "nvidia-cdi-hook",
            "create-symlinks",
            "--link",
            "../libnvidia-allocator.so.1::/" + lib + "/gbm/nvidia-drm_gbm.so",
            "--link",
            "libglxserver_nvidia.so."
                + V
                + "::/usr/lib/xorg/modules/extensions/libglxserver_nvidia.so");
    assertThat(symlinks.get(1).args()).contains("libcuda.so." + V + "::/" + lib + "/libcuda.so.1");
  }

  @Test
  @DisplayName(
      "a libcuda that is no ELF (a mock driver root) gets only nvcdi's fixed libcuda.so link:"
          + " its SONAME cannot be read, so no libcuda.so.1 link, as NVIDIA's toolkit")
  void libraryWithoutElf() throws IOException {
    String lib = "usr/lib64";
    Path fake = file(lib + "/libcuda.so." + V);
    Files.createSymbolicLink(fake.resolveSibling("libcuda.so.1"), Path.of("libcuda.so." + V));
    Files.createSymbolicLink(fake.resolveSibling("libcuda.so"), Path.of("libcuda.so.1"));

    List<Hook> symlinks =
        edits(new DriverRoot(root, root)).hooks().stream()
            .filter(h -> h.args().get(1).equals("create-symlinks"))
            .toList();

    assertThat(symlinks)
        .singleElement()
        .satisfies(h ->
            assertThat(h.args())
                .containsExactly(
                    "nvidia-cdi-hook",
                    "create-symlinks",
                    "--link",
                    "libcuda.so.1::/" + lib + "/libcuda.so"));
  }

  @Test
  @DisplayName(
      "an empty driver root (simulated GPUs): only the control nodes and the void variable")
  void emptyDriverRoot() throws IOException {
    file("dev/nvidiactl");
    DriverRoot driverRoot = new DriverRoot(root, Path.of("/"));

    ContainerEdits edits = edits(driverRoot);

    assertThat(edits.env()).containsExactly("NVIDIA_VISIBLE_DEVICES=void");
    assertThat(edits.deviceNodes()).extracting(DeviceNode::path).containsExactly("/dev/nvidiactl");
    assertThat(edits.mounts()).isEmpty();
    assertThat(edits.hooks()).isEmpty();
  }

  @Test
  @DisplayName("the spec renders in CDI's field order and parses back equal")
  void renders() throws IOException {
    lib("usr/lib64", "libnvidia-ml");
    file("dev/nvidiactl");
    CdiSpecWriter writer = new CdiSpecWriter(root.resolve("cdi"), "k8s.gpu.nvidia.com", "claim");
    CdiSpec spec =
        CdiSpec.of(
            "k8s.gpu.nvidia.com/claim",
            edits(new DriverRoot(root, root)),
            List.of(
                new dev.gpudra.kit.cdi.CdiDevice(
                    "uid-gpu-0", ContainerEdits.ofNodes(List.of(DeviceNode.of("/dev/nvidia0"))))));

    String yaml = writer.render(spec);

    String common = yaml.substring(yaml.indexOf("\ncontainerEdits:"));
    assertThat(common.indexOf("env:")).isLessThan(common.indexOf("deviceNodes:"));
    assertThat(common.indexOf("deviceNodes:")).isLessThan(common.indexOf("hooks:"));
    assertThat(common.indexOf("hooks:")).isLessThan(common.indexOf("mounts:"));
    assertThat(spec.cdiVersion()).isEqualTo("0.5.0");
    assertThat(writer.parse(yaml)).isEqualTo(spec);
  }

  /** {@code libX.so.<V>} with the host's {@code libX.so.1} and {@code libX.so} links. */
  /** A driver library that declares its SONAME {@code name.so.1}, with the host's two links. */
  private void lib(String dir, String name) throws IOException {
    Path file =
        SharedObjectStandIn.write(
            root.resolve(dir + "/" + name + ".so." + V), List.of(name + ".so.1"));
    Files.createSymbolicLink(file.resolveSibling(name + ".so.1"), Path.of(name + ".so." + V));
    Files.createSymbolicLink(file.resolveSibling(name + ".so"), Path.of(name + ".so.1"));
  }

  private Path file(String path) throws IOException {
    Path file = root.resolve(path);
    Files.createDirectories(file.getParent());
    return Files.writeString(file, "x");
  }

  private void executable(String path) throws IOException {
    Files.setPosixFilePermissions(file(path), PosixFilePermissions.fromString("rwxr-xr-x"));
  }
}
