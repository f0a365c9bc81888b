package dev.gpudra.realcluster.controlplane;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * One of the checkout's cached build scripts for test infrastructure ({@code
 * e2e/controlplane/build.sh}, {@code e2e/node/build.sh}): run with bash and no input, its stderr
 * lines are progress, its last stdout line is the path it built, and exit code 2 means a tool it
 * needs (Go) is missing.
 *
 * @param script the script
 * @param what what it builds, for messages
 * @param args the script's arguments (which release to build, where a script builds several)
 */
public record BuildScript(Path script, String what, List<String> args) {
  private static final int TOOL_MISSING = 2;

  public BuildScript {
    Objects.requireNonNull(script, "script");
    Objects.requireNonNull(what, "what");
    args = List.copyOf(args);
  }

  /** The script without arguments. */
  public BuildScript(Path script, String what) {
    this(script, what, List.of());
  }

  /** The script at {@code relative} in {@code checkout} or the nearest directory above it. */
  public static Optional<Path> find(Path checkout, String relative) {
    for (Path dir = checkout.toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path script = dir.resolve(relative);
      if (Files.isRegularFile(script)) {
        return Optional.of(script);
      }
    }
    return Optional.empty();
  }

  /**
   * Runs it.
   *
   * @param progress receives its stderr lines
   * @param unavailable builds the exception thrown when it cannot build here, from a one-line
   *     reason
   * @return the path it printed last
   */
  public Path run(Consumer<String> progress, Function<String, RuntimeException> unavailable)
      throws InterruptedException {
    Process process;
    try {
      process =
          new ProcessBuilder(command())
              .directory(script.getParent().toFile())
              .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
              .start();
    } catch (IOException e) {
      throw unavailable.apply(what + ": cannot run " + script + ": " + e.getMessage());
    }
    List<String> errors = new ArrayList<>();
    Thread stderr =
        Thread.ofPlatform()
            .daemon()
            .name("build-" + script.getParent().getFileName())
            .start(() ->
                lines(
                    process.getErrorStream(),
                    line -> {
                      errors.add(line);
                      progress.accept(line);
                    }));
    List<String> out = new ArrayList<>();
    lines(process.getInputStream(), out::add);
    int exit = process.waitFor();
    stderr.join();
    String why = errors.isEmpty() ? "exit code " + exit : errors.getLast();
    if (exit == TOOL_MISSING) {
      throw unavailable.apply(why);
    }
    if (exit != 0 || out.isEmpty()) {
      throw unavailable.apply(what + ": build failed: " + why);
    }
    return Path.of(out.getLast().strip());
  }

  private List<String> command() {
    List<String> command = new ArrayList<>(List.of("bash", script.toString()));
    command.addAll(args);
    return command;
  }

  private static void lines(InputStream stream, Consumer<String> sink) {
    try (BufferedReader reader =
        new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
      reader.lines().forEach(sink);
    } catch (IOException e) {
      sink.accept("(output unreadable: " + e.getMessage() + ")");
    }
  }
}
