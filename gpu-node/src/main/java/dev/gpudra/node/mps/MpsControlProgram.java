package dev.gpudra.node.mps;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The driver root's {@code nvidia-cuda-mps-control}, run without chroot (NVIDIA's fallback for
 * driver roots without a shell): its directory and the driver's library directories on {@code PATH}
 * and {@code LD_LIBRARY_PATH}, the pipe and log directories in the environment.
 */
public final class MpsControlProgram {
  static final String NAME = "nvidia-cuda-mps-control";
  private static final List<String> BIN_DIRS =
      List.of("usr/bin", "usr/local/bin", "bin", "usr/sbin");
  private static final List<String> LIB_DIRS =
      List.of(
          "usr/lib64",
          "usr/lib/x86_64-linux-gnu",
          "usr/lib/aarch64-linux-gnu",
          "lib64",
          "lib/x86_64-linux-gnu",
          "lib/aarch64-linux-gnu",
          "usr/lib");
  private static final Duration LIMIT = Duration.ofSeconds(30);

  private final Path program;
  private final Map<String, String> env;
  private final Path output;

  /**
   * @param output where each command's output goes, then is read from
   */
  private MpsControlProgram(Path program, Map<String, String> env, Path output) {
    this.program = program;
    this.env = env;
    this.output = output;
  }

  /**
   * @throws MpsControlException when the driver root has no {@code nvidia-cuda-mps-control}
   */
  public static MpsControlProgram find(ControlDaemonSettings settings) {
    Path root = settings.driverRoot();
    Optional<Path> found =
        BIN_DIRS.stream()
            .map(d -> root.resolve(d).resolve(NAME))
            .filter(Files::isExecutable)
            .findFirst();
    if (found.isEmpty()) {
      throw new MpsControlException(
          "no executable " + NAME + " under the driver root " + root + " (in " + BIN_DIRS + ")");
    }
    List<String> libs =
        LIB_DIRS.stream()
            .map(root::resolve)
            .filter(Files::isDirectory)
            .map(Path::toString)
            .toList();
    return new MpsControlProgram(
        found.get(),
        Map.of(
            "CUDA_MPS_PIPE_DIRECTORY", settings.pipeDir().toString(),
            "CUDA_MPS_LOG_DIRECTORY", settings.logDir().toString(),
            "LD_LIBRARY_PATH", String.join(":", libs),
            "PATH", found.get().getParent() + ":/usr/bin:/bin"),
        settings.logDir().resolve("gpu-dra-control.out"));
  }

  public Path path() {
    return program;
  }

  /** {@code nvidia-cuda-mps-control -d}: starts the control daemon, which detaches. */
  public void startDaemon() {
    startDaemon(false);
  }

  /** As {@link #startDaemon()}; {@code -d -M} in multi-user mode. */
  public void startDaemon(boolean multiUser) {
    run(
        multiUser ? List.of(program.toString(), "-d", "-M") : List.of(program.toString(), "-d"),
        "");
  }

  /**
   * Sends one command to the running control daemon (what {@code echo <command> |
   * nvidia-cuda-mps-control} does).
   *
   * @return what it answered
   * @throws MpsControlException when it exits non-zero, e.g. no daemon runs
   */
  public String send(String command) {
    return run(List.of(program.toString()), command + "\n");
  }

  /**
   * Output goes to a file, not a pipe: the detached daemon may keep the descriptor it was started
   * with, and a hung command must not block the wait for it.
   */
  private String run(List<String> command, String input) {
    ProcessBuilder builder =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile());
    builder.environment().putAll(env);
    String shown = String.join(" ", command) + (input.isEmpty() ? "" : " <<< " + input.strip());
    try {
      Process process = builder.start();
      Optional<IOException> unsent = write(process, input);
      if (!process.waitFor(LIMIT.toSeconds(), TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new MpsControlException(shown + ": no answer within " + LIMIT.toSeconds() + "s");
      }
      String answer = Files.readString(output);
      if (process.exitValue() != 0) {
        throw new MpsControlException(
            shown + ": exit code " + process.exitValue() + ": " + answer.strip());
      }
      if (unsent.isPresent()) {
        throw new MpsControlException(shown + ": " + unsent.get().getMessage(), unsent.get());
      }
      return answer;
    } catch (IOException e) {
      throw new MpsControlException(shown + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MpsControlException(shown + ": interrupted", e);
    }
  }

  /**
   * Writes the command to the program's stdin. A program that exits before reading it (no daemon to
   * talk to) breaks the pipe: that failure is kept, so its exit code and answer, which say why, are
   * what the caller sees.
   */
  private static Optional<IOException> write(Process process, String input) {
    try (OutputStream stdin = process.getOutputStream()) {
      stdin.write(input.getBytes(StandardCharsets.UTF_8));
      return Optional.empty();
    } catch (IOException e) {
      return Optional.of(e);
    }
  }

  /** The commands that apply the settings, in NVIDIA's order. */
  public static List<String> settingCommands(ControlDaemonSettings settings) {
    List<String> commands = new ArrayList<>();
    settings
        .activeThreadPercentage()
        .ifPresent(p -> commands.add("set_default_active_thread_percentage " + p));
    settings.pinnedLimits().entrySet().stream()
        .sorted(Map.Entry.comparingByKey())
        .forEach(e ->
            commands.add("set_default_device_pinned_mem_limit " + e.getKey() + " " + e.getValue()));
    return commands;
  }
}
