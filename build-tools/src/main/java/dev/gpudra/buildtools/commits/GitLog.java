package dev.gpudra.buildtools.commits;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads a checkout's history with the {@code git} command: the commits after a base, merges left
 * out (their subjects are git's own), oldest first.
 */
public final class GitLog {
  private static final String FIELD = "\u0000";
  private static final String RECORD = "\u001e";

  private final Path root;

  public GitLog(Path root) {
    this.root = root;
  }

  /**
   * The base hash of a rules file: its first line that is neither blank nor a {@code #} comment.
   */
  public static String base(Path rulesFile) throws IOException {
    return Files.readAllLines(rulesFile).stream()
        .map(String::strip)
        .filter(line -> !line.isEmpty() && !line.startsWith("#"))
        .findFirst()
        .orElseThrow(() -> new IOException(rulesFile + " names no commit"));
  }

  /**
   * Why the commits since {@code base} cannot be read here (no git, no {@code .git}, a shallow
   * clone without the base, a history that no longer holds it), or empty when they can.
   */
  public Optional<String> unreadable(String base) {
    try {
      Result top = git("rev-parse", "--show-toplevel");
      if (top.exit() != 0) {
        return Optional.of("not a git checkout: " + top.output().strip());
      }
      if (git("cat-file", "-e", base + "^{commit}").exit() != 0) {
        String shallow = git("rev-parse", "--is-shallow-repository").output().strip();
        return Optional.of(
            "commit "
                + base
                + " is not in this clone"
                + (shallow.equals("true") ? " (shallow: fetch the full history)" : ""));
      }
      if (git("merge-base", "--is-ancestor", base, "HEAD").exit() != 0) {
        return Optional.of("commit " + base + " is not an ancestor of HEAD");
      }
      return Optional.empty();
    } catch (IOException e) {
      return Optional.of("git cannot run: " + e.getMessage());
    }
  }

  /** Whether this is a shallow clone (its oldest commits are grafted, their parents absent). */
  public boolean shallow() throws IOException {
    return git("rev-parse", "--is-shallow-repository").output().strip().equals("true");
  }

  /** HEAD alone, unless it is a merge or {@code base} itself. */
  public List<Commit> head(String base) throws IOException {
    Result log =
        git("log", "--no-merges", "-1", "--format=%H" + "%x00" + "%s" + "%x00" + "%b" + "%x1e");
    if (log.exit() != 0) {
      throw new IOException("git log -1 failed: " + log.output().strip());
    }
    return parse(log.output()).stream().filter(c -> !c.hash().startsWith(base)).toList();
  }

  /** The commits after {@code base} up to HEAD, oldest first, without merges. */
  public List<Commit> since(String base) throws IOException {
    Result log =
        git(
            "log",
            "--no-merges",
            "--reverse",
            "--format=%H" + "%x00" + "%s" + "%x00" + "%b" + "%x1e",
            base + "..HEAD");
    if (log.exit() != 0) {
      throw new IOException("git log " + base + "..HEAD failed: " + log.output().strip());
    }
    return parse(log.output());
  }

  /** Commits from {@code git log --format=%H%x00%s%x00%b%x1e}. */
  static List<Commit> parse(String output) {
    List<Commit> commits = new ArrayList<>();
    for (String record : output.split(RECORD)) {
      String[] fields = record.strip().split(FIELD, 3);
      if (fields.length == 3) {
        commits.add(new Commit(fields[0], fields[1], fields[2].strip()));
      }
    }
    return commits;
  }

  private record Result(int exit, String output) {}

  private Result git(String... args) throws IOException {
    List<String> command = new ArrayList<>(List.of("git", "-C", root.toString()));
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    try {
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      return new Result(process.waitFor(), output);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted waiting for git " + String.join(" ", args), e);
    }
  }
}
