package dev.gpudra.conformance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * NVIDIA's GPU kubelet plugin (the 0.5 line) and NVIDIA's mock NVML, as {@code shared/peer} packs
 * them, unpacked by its own {@code unpack.sh}: the binary, and one mock driver root per GPU profile
 * ({@code driver-root-<profile>}: the mock {@code libnvidia-ml.so}, its config, {@code
 * /dev/nvidia*} nodes).
 *
 * @param dir where it was unpacked
 */
record NvidiaPeer(Path dir) {
  /** The commit of kubernetes-sigs/dra-driver-nvidia-gpu the binary was built from. */
  static final String COMMIT = "95932046683719c43b6a0dd9613c2e5aad5d6703";

  /** Written last by {@link #unpack}: a directory without it is unpacked again. */
  private static final String DONE = ".unpacked";

  /**
   * NVIDIA's peer from {@code shared/} (Failsafe passes {@code gpu-dra.shared}), unpacked into the
   * conformance module's {@code target/nvidia-peer} once; empty where there is none.
   */
  static Optional<NvidiaPeer> ofShared(Path conformance) {
    Path shared = Path.of(System.getProperty("gpu-dra.shared", "../../shared"));
    return unpack(shared, conformance.resolve("target").resolve("nvidia-peer"));
  }

  /**
   * NVIDIA's peer from {@code shared}, unpacked into {@code target} once (root: the script makes
   * device nodes); empty where there is no {@code shared/peer}.
   *
   * @throws IllegalStateException naming the script's exit status and its output file
   */
  static Optional<NvidiaPeer> unpack(Path shared, Path target) {
    Path script = shared.resolve("peer").resolve("unpack.sh");
    if (!Files.isRegularFile(script)) {
      return Optional.empty();
    }
    NvidiaPeer peer = new NvidiaPeer(target.toAbsolutePath());
    if (Files.exists(target.resolve(DONE))) {
      return Optional.of(peer);
    }
    Path log = target.resolveSibling(target.getFileName() + ".log");
    try {
      Files.createDirectories(target);
      Process unpack =
          new ProcessBuilder("bash", script.toString(), target.toAbsolutePath().toString())
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      if (!unpack.waitFor(120, TimeUnit.SECONDS) || unpack.exitValue() != 0) {
        unpack.destroyForcibly();
        throw new IllegalStateException(script + " failed; its output: " + log);
      }
      Files.writeString(target.resolve(DONE), COMMIT + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot unpack " + script, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted unpacking " + script, e);
    }
    return Optional.of(peer);
  }

  Path binary() {
    return dir.resolve("bin").resolve("gpu-kubelet-plugin");
  }

  Path cdiHook() {
    return dir.resolve("bin").resolve("nvidia-cdi-hook");
  }

  Path driverRoot(String profile) {
    return dir.resolve("driver-root-" + profile);
  }

  /** The mock profiles it laid out, by name ({@code a100}, {@code h100}, ...), sorted. */
  List<String> profiles() {
    try (Stream<Path> roots = Files.list(dir)) {
      return roots
          .map(p -> p.getFileName().toString())
          .filter(n -> n.startsWith("driver-root-"))
          .map(n -> n.substring("driver-root-".length()))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + dir, e);
    }
  }
}
