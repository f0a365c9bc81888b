package dev.gpudra.realcluster.node;

import dev.gpudra.realcluster.controlplane.BuildScript;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The programs a real node runs, found or built on this machine.
 *
 * @param toolsDir containerd, containerd-shim-runc-v2, ctr and helm ({@code e2e/node/build.sh})
 * @param runc the OCI runtime (Debian's {@code runc})
 * @param cniBinDir the CNI plugins (Debian's {@code containernetworking-plugins})
 * @param busybox a static busybox for the images (Debian's {@code busybox-static})
 * @param testcluster {@code gpu-dra-testcluster}, whose {@code kubelet} mode is the kubelet
 */
public record NodeTools(Path toolsDir, Path runc, Path cniBinDir, Path busybox, Path testcluster) {
  static final String SCRIPT = "e2e/node/build.sh";
  private static final String PACKAGES =
      "apt-get install runc containernetworking-plugins busybox-static";

  public NodeTools {
    Objects.requireNonNull(toolsDir, "toolsDir");
    Objects.requireNonNull(runc, "runc");
    Objects.requireNonNull(cniBinDir, "cniBinDir");
    Objects.requireNonNull(busybox, "busybox");
    Objects.requireNonNull(testcluster, "testcluster");
  }

  public Path containerd() {
    return toolsDir.resolve("containerd");
  }

  public Path ctr() {
    return toolsDir.resolve("ctr");
  }

  /** The NVIDIA Container Toolkit's {@code nvidia-cdi-hook}, which our CDI specs' hooks run. */
  public Path cdiHook() {
    return toolsDir.resolve("nvidia-cdi-hook");
  }

  /** helm, for installing our chart. */
  public Path helm() {
    return toolsDir.resolve("helm");
  }

  /**
   * Checks this machine and builds containerd (cached) when it can run a node.
   *
   * @param checkout the repository root, or a directory below it
   * @param testcluster the built {@code gpu-dra-testcluster}
   * @param progress receives build progress lines
   * @throws RealNodeUnavailableException naming, in one line, everything that is missing
   */
  public static NodeTools locate(Path checkout, Path testcluster, Consumer<String> progress)
      throws InterruptedException {
    checkMachine();
    Path toolsDir = buildTools(checkout, progress);
    return new NodeTools(
        toolsDir,
        find("/usr/sbin/runc", "/usr/bin/runc").orElseThrow(),
        find("/usr/lib/cni/bridge", "/opt/cni/bin/bridge").orElseThrow().getParent(),
        find("/bin/busybox", "/usr/bin/busybox").orElseThrow(),
        testcluster);
  }

  /**
   * Builds (cached) the node's tools with {@code e2e/node/build.sh} and returns their directory;
   * needs Go, not root.
   *
   * @throws RealNodeUnavailableException when they cannot be built here, in one line
   */
  static Path buildTools(Path checkout, Consumer<String> progress) throws InterruptedException {
    Path script =
        BuildScript.find(checkout, SCRIPT)
            .orElseThrow(() ->
                new RealNodeUnavailableException(
                    "real node: " + SCRIPT + " not found in " + checkout + " or above"));
    return new BuildScript(script, "containerd, helm and nvidia-cdi-hook")
        .run(progress, RealNodeUnavailableException::new);
  }

  /**
   * Checks what this machine must have before anything is built: root, runc, the CNI plugins and
   * busybox.
   *
   * @throws RealNodeUnavailableException naming, in one line, everything that is missing
   */
  public static void checkMachine() {
    List<String> missing =
        java.util.stream.Stream.of(
                root() ? null : "root (containers, mounts and device nodes need it)",
                find("/usr/sbin/runc", "/usr/bin/runc").isEmpty() ? "runc" : null,
                find("/usr/lib/cni/bridge", "/opt/cni/bin/bridge").isEmpty()
                    ? "the CNI plugins"
                    : null,
                find("/bin/busybox", "/usr/bin/busybox").isEmpty() ? "busybox" : null)
            .filter(Objects::nonNull)
            .toList();
    if (!missing.isEmpty()) {
      boolean packages = missing.size() > 1 || root();
      throw new RealNodeUnavailableException(
          "real node: missing "
              + String.join(", ", missing)
              + (packages ? " (as root: " + PACKAGES + ")" : ""));
    }
  }

  /** Debian's runc, where installed. */
  static Optional<Path> runcOnThisMachine() {
    return find("/usr/sbin/runc", "/usr/bin/runc");
  }

  private static Optional<Path> find(String... candidates) {
    return java.util.Arrays.stream(candidates)
        .map(Path::of)
        .filter(Files::isExecutable)
        .findFirst();
  }

  /** Whether this process runs as root (uid 0), read from {@code /proc/self/status}. */
  private static boolean root() {
    try {
      return Files.readAllLines(Path.of("/proc/self/status")).stream()
          .filter(l -> l.startsWith("Uid:"))
          .anyMatch(l -> l.split("\\s+")[1].equals("0"));
    } catch (IOException e) {
      return false;
    }
  }
}
