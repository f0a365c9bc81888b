package dev.gpudra.realcluster.node;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * The node's images, made here from a static busybox and written as docker-archive tars for {@code
 * ctr images import}: no registry is involved. The workload image has busybox's applets on PATH;
 * the pause image is the same rootfs sleeping forever.
 */
public final class NodeImages {
  /** The workload image: {@code sh}, {@code ls}, {@code env}, {@code cat}, {@code sleep}. */
  public static final String BUSYBOX = "gpu-dra.local/busybox:1";

  /** The sandbox (pause) image, pinned in containerd's config. */
  public static final String PAUSE = "gpu-dra.local/pause:1";

  /**
   * A stand-in for NVIDIA's validator image (NVIDIA's gpu-operator image at the chart's tag, which
   * cannot be pulled here): busybox and an {@code nvidia-validator} that writes what NVIDIA's
   * writes for its {@code COMPONENT} on a node whose driver and toolkit are pre-installed.
   */
  public static final String VALIDATOR = "nvcr.io/nvidia/gpu-operator:v26.7.0";

  /** A stand-in for NVIDIA's driver manager image (its init container exits at once). */
  public static final String DRIVER_MANAGER =
      "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.9.1";

  private static final List<String> APPLETS =
      List.of("sh", "ls", "env", "cat", "sleep", "echo", "printf", "rm", "mkdir", "mv", "mount");

  /**
   * The stand-in driver's program: {@code init} "loads" the driver (a {@code /sys/module/nvidia} in
   * the container's own mount namespace, where NVIDIA's startup probe looks for it) and stays.
   */
  private static final String DRIVER_SCRIPT =
      String.join(
          "\n",
          "#!/bin/sh",
          "# gpu-dra's test stand-in for NVIDIA's driver container",
          "case \"$1\" in",
          "  init)",
          "    mount -t tmpfs stand-in-modules /sys/module || exit 1",
          "    mkdir -p /sys/module/nvidia && echo 1 > /sys/module/nvidia/refcnt || exit 1",
          "    echo \"stand-in driver $(cat /etc/driver-version) loaded\"",
          "    exec sleep 2147483647 ;;",
          "  *) echo \"stand-in nvidia-driver: $1 is not built\" >&2; exit 1 ;;",
          "esac",
          "");

  private static final String SMI_WORKS =
      "#!/bin/sh\necho \"NVIDIA-SMI $(cat /etc/driver-version)  Driver Version: $(cat /etc/driver-version)"
          + "  (gpu-dra's test stand-in)\"\n";

  private static final String SMI_FAILS =
      "#!/bin/sh\necho \"NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA"
          + " driver (gpu-dra's test stand-in of a broken driver)\"\nexit 9\n";

  private static final String MANAGER_SCRIPT =
      "#!/bin/sh\necho \"stand-in k8s-driver-manager: $* (nothing to unload)\"\n";

  /** The stand-in validator's program. */
  private static final String VALIDATOR_SCRIPT =
      String.join(
          "\n",
          "#!/bin/sh",
          "# gpu-dra's test stand-in for NVIDIA's nvidia-validator: the files NVIDIA's writes for a",
          "# pre-installed driver and toolkit, by COMPONENT",
          "dir=/run/nvidia/validations",
          "case \"$COMPONENT\" in",
          "  driver) printf 'IS_HOST_DRIVER=true\\nNVIDIA_DRIVER_ROOT=/\\nDRIVER_ROOT_CTR_PATH=/host\\n"
              + "NVIDIA_DEV_ROOT=/\\nDEV_ROOT_CTR_PATH=/host\\n' > \"$dir/driver-ready\" ;;",
          "  toolkit|cuda|plugin) : > \"$dir/$COMPONENT-ready\" ;;",
          "  *) echo \"stand-in validator: no COMPONENT $COMPONENT\" >&2; exit 1 ;;",
          "esac",
          "echo \"$COMPONENT validation is successful (gpu-dra's test stand-in)\"",
          "");

  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path busybox;
  private final Path workDir;

  /**
   * @param busybox a statically linked busybox
   * @param workDir where the tars are written
   */
  public NodeImages(Path busybox, Path workDir) {
    this.busybox = busybox;
    this.workDir = workDir;
  }

  /**
   * The stand-in validator's {@code nvidia-smi -L}, which NVIDIA's DRA validator runs with its
   * claim's devices: the GPUs the container was given.
   */
  private static final String VALIDATOR_SMI =
      String.join(
          "\n",
          "#!/bin/sh",
          "# gpu-dra's test stand-in for nvidia-smi -L: the GPU device nodes the container has",
          "n=0",
          "for d in /dev/nvidia[0-9]*; do",
          "  [ -e \"$d\" ] || continue",
          "  echo \"GPU $n: NVIDIA stand-in (${d#/dev/})\"",
          "  n=$((n + 1))",
          "done",
          "[ \"$n\" -gt 0 ] || { echo \"No devices were found\"; exit 6; }",
          "");

  /** Writes the stand-in validator image ({@link #VALIDATOR}); its tar file, for import. */
  public Path validatorStandIn() {
    return write(
        VALIDATOR,
        "validator",
        List.of("/bin/sh"),
        Map.of("nvidia-validator", VALIDATOR_SCRIPT, "nvidia-smi", VALIDATOR_SMI));
  }

  /**
   * Writes a stand-in driver image ({@code ref}, such as {@code
   * nvcr.io/nvidia/driver:580.1-ubuntu24.04}) reporting {@code version}; one that is not {@code
   * healthy} fails {@code nvidia-smi}, so NVIDIA's startup probe never passes. Its tar file.
   */
  public Path driverStandIn(String ref, String version, boolean healthy) {
    return write(
        ref,
        "driver-" + version + (healthy ? "" : "-broken"),
        List.of("/bin/sh"),
        Map.of("nvidia-driver", DRIVER_SCRIPT, "nvidia-smi", healthy ? SMI_WORKS : SMI_FAILS),
        Map.of("etc/driver-version", version + "\n"));
  }

  /** Writes the stand-in driver manager image ({@link #DRIVER_MANAGER}); its tar file. */
  public Path driverManagerStandIn() {
    return write(
        DRIVER_MANAGER,
        "driver-manager",
        List.of("/bin/sh"),
        Map.of("driver-manager", MANAGER_SCRIPT));
  }

  /** Writes both images; the tar files, for import. */
  public List<Path> write() {
    return List.of(
        write(BUSYBOX, "busybox", List.of("/bin/sh"), Map.of()),
        write(PAUSE, "pause", List.of("/bin/sleep", "2147483647"), Map.of()));
  }

  private Path write(
      String ref, String name, List<String> entrypoint, Map<String, String> programs) {
    return write(ref, name, entrypoint, programs, Map.of());
  }

  private Path write(
      String ref,
      String name,
      List<String> entrypoint,
      Map<String, String> programs,
      Map<String, String> files) {
    try {
      Path dir = Files.createDirectories(workDir.resolve(name));
      Path rootfs = rootfs(dir.resolve("rootfs"), programs);
      for (Map.Entry<String, String> file : files.entrySet()) {
        Files.writeString(rootfs.resolve(file.getKey()), file.getValue());
      }
      Path layer = dir.resolve("layer.tar");
      Processes.run(
          List.of(
              "tar",
              "--numeric-owner",
              "--owner=0",
              "--group=0",
              "-C",
              rootfs.toString(),
              "-cf",
              layer.toString(),
              "."));
      byte[] config =
          JSON.writeValueAsBytes(
              Map.of(
                  "architecture",
                  "amd64",
                  "os",
                  "linux",
                  "config",
                  Map.of("Entrypoint", entrypoint, "Env", List.of("PATH=/bin")),
                  "rootfs",
                  Map.of("type", "layers", "diff_ids", List.of("sha256:" + sha256(layer)))));
      String configName = sha256(config) + ".json";
      Files.write(dir.resolve(configName), config);
      Files.write(
          dir.resolve("manifest.json"),
          JSON.writeValueAsBytes(
              List.of(
                  Map.of(
                      "Config", configName,
                      "RepoTags", List.of(ref),
                      "Layers", List.of("layer.tar")))));
      Path tar = workDir.resolve(name + ".tar");
      Processes.run(
          List.of(
              "tar",
              "-C",
              dir.toString(),
              "-cf",
              tar.toString(),
              "manifest.json",
              configName,
              "layer.tar"));
      return tar;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write image " + ref, e);
    }
  }

  private Path rootfs(Path rootfs, Map<String, String> programs) throws IOException {
    for (String dir : List.of("bin", "dev", "proc", "sys", "etc", "tmp")) {
      Files.createDirectories(rootfs.resolve(dir));
    }
    Files.copy(busybox, rootfs.resolve("bin/busybox"));
    for (String applet : APPLETS) {
      Files.createSymbolicLink(rootfs.resolve("bin").resolve(applet), Path.of("busybox"));
    }
    for (Map.Entry<String, String> program : programs.entrySet()) {
      Path file = rootfs.resolve("bin").resolve(program.getKey());
      Files.writeString(file, program.getValue());
      Files.setPosixFilePermissions(
          file, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
    }
    return rootfs;
  }

  private static String sha256(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      MessageDigest digest = digest();
      byte[] buffer = new byte[1 << 16];
      for (int n; (n = in.read(buffer)) > 0; ) {
        digest.update(buffer, 0, n);
      }
      return HexFormat.of().formatHex(digest.digest());
    }
  }

  private static String sha256(byte[] bytes) {
    return HexFormat.of().formatHex(digest().digest(bytes));
  }

  private static MessageDigest digest() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("no SHA-256 in this JDK", e);
    }
  }
}
