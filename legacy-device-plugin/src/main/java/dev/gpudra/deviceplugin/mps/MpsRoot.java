package dev.gpudra.deviceplugin.mps;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * The MPS root and what lies under it, as NVIDIA's daemon lays it out: {@code
 * <root>/<resource>/pipe}, {@code <root>/<resource>/log}, {@code <root>/<resource>/.started}, one
 * {@code <root>/shm} and one {@code <root>/.ready}.
 *
 * @param path the root's directory
 */
public record MpsRoot(Path path) {
  /** Where NVIDIA's pods mount the host's MPS root, and where containers see it. */
  public static final Path CONTAINER = Path.of("/mps");

  public MpsRoot {
    Objects.requireNonNull(path, "path");
  }

  /**
   * The root as this process sees it: {@link #CONTAINER} in NVIDIA's pods; a process run on the
   * host itself, where there is no such directory, uses the host's root ({@code flags.mpsRoot}).
   *
   * @param container where the pod mounts the root ({@link #CONTAINER})
   * @param hostRoot {@code flags.mpsRoot}
   * @throws IllegalArgumentException when neither is there to use
   */
  public static MpsRoot seenFrom(Path container, String hostRoot) {
    if (Files.isDirectory(container)) {
      return new MpsRoot(container);
    }
    if (hostRoot == null || hostRoot.isBlank()) {
      throw new IllegalArgumentException(
          "flags.mpsRoot: no MPS root mounted at "
              + container
              + " and none given (--mps-root, MPS_ROOT)");
    }
    return new MpsRoot(Path.of(hostRoot));
  }

  public Path pipeDir(String resource) {
    return path.resolve(resource).resolve("pipe");
  }

  public Path logDir(String resource) {
    return path.resolve(resource).resolve("log");
  }

  public Path startedFile(String resource) {
    return path.resolve(resource).resolve(".started");
  }

  /** The shm directory, one for every resource: the containers' {@code /dev/shm}. */
  public Path shmDir() {
    return path.resolve("shm");
  }

  public Path readyFile() {
    return path.resolve(".ready");
  }
}
