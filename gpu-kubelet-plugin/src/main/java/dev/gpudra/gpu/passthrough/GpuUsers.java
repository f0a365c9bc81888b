package dev.gpudra.gpu.passthrough;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The host's processes that hold a GPU's device node open, read as {@code fuser} reads them: every
 * {@code <host>/proc/<pid>/fd/*} link whose target is {@code /dev/nvidia<minor>} (or that path
 * under the host's driver root). The nvidia driver cannot let go of a GPU they hold, so passthrough
 * waits for them, as NVIDIA's plugin does.
 */
public final class GpuUsers {
  private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(GpuUsers.class);

  private final Path proc;
  private final Path hostDriverRoot;

  /**
   * @param hostRoot the host's root ({@code /host-root} in the plugin's container)
   * @param hostDriverRoot the driver root on the host ({@code --nvidia-driver-root}), whose {@code
   *     dev/nvidia<minor>} is the same node where a driver container made it
   */
  public GpuUsers(Path hostRoot, Path hostDriverRoot) {
    this.proc = Objects.requireNonNull(hostRoot, "hostRoot").resolve("proc");
    this.hostDriverRoot = Objects.requireNonNull(hostDriverRoot, "hostDriverRoot");
  }

  /**
   * The processes holding {@code /dev/nvidia<minor>}, as {@code <pid> (<command>)}, by PID; a
   * process that exits while it is read is left out.
   */
  public List<String> of(int minor) {
    String node = "nvidia" + minor;
    Set<Path> targets =
        Set.copyOf(
            List.of(
                Path.of("/dev", node),
                Path.of("/").resolve(hostDriverRoot).resolve("dev").resolve(node)));
    List<String> users = new ArrayList<>();
    for (Path process : processes()) {
      if (holds(process, targets)) {
        users.add(process.getFileName() + " (" + command(process) + ")");
      }
    }
    return users;
  }

  private List<Path> processes() {
    if (!Files.isDirectory(proc)) {
      return List.of();
    }
    try (Stream<Path> entries = Files.list(proc)) {
      return entries
          .filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit))
          .sorted(
              java.util.Comparator.comparingLong(p -> Long.parseLong(p.getFileName().toString())))
          .toList();
    } catch (IOException e) {
      throw new PassthroughException("cannot list the host's processes in " + proc + ": " + e, e);
    }
  }

  /**
   * Whether one of the process's open files is the device node. A process or fd that goes while it
   * is read holds nothing. A process whose fds the kernel will not show even to a privileged
   * container (host PID 1 is one) is left out, as {@code fuser} leaves it out, and logged; any
   * other read error fails the look.
   */
  private static boolean holds(Path process, Set<Path> targets) {
    Path fds = process.resolve("fd");
    try {
      List<Path> entries;
      try (Stream<Path> listed = Files.list(fds)) {
        entries = listed.toList();
      }
      for (Path fd : entries) {
        if (targets.contains(link(fd))) {
          return true;
        }
      }
      return false;
    } catch (NoSuchFileException e) {
      return false; // the process exited meanwhile
    } catch (AccessDeniedException e) {
      log.debug("{}: not readable ({}); left out, as fuser leaves it out", fds, e.getMessage());
      return false;
    } catch (IOException e) {
      throw new PassthroughException("cannot read " + fds + ": " + e, e);
    }
  }

  /** Where the fd points; a closed fd (gone meanwhile) points nowhere. */
  private static Path link(Path fd) throws IOException {
    try {
      return Files.readSymbolicLink(fd);
    } catch (NoSuchFileException e) {
      return Path.of("");
    }
  }

  private static String command(Path process) {
    try {
      return Files.readString(process.resolve("comm")).strip();
    } catch (IOException e) {
      return "?";
    }
  }
}
