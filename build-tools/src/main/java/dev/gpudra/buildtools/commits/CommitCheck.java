package dev.gpudra.buildtools.commits;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code CommitCheck [root]}: the commit rules over every commit since the base in {@code
 * .ci/commit-rules-since}. Prints each broken rule under its commit and exits 1 when there is one.
 * A shallow clone that lacks the base has HEAD checked alone. Where there is no history at all (no
 * git, no {@code .git}: a source tarball) there is nothing to check: it says so and exits 0.
 */
public final class CommitCheck {
  /** Where the base lives, relative to the repository root. */
  public static final String BASE_FILE = ".ci/commit-rules-since";

  private CommitCheck() {}

  /** What the check found: why it could not read the history, or the broken rules. */
  public record Outcome(Optional<String> unreadable, List<String> problems) {
    public Outcome {
      problems = List.copyOf(problems);
    }
  }

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** The check without the exit: 0 clean (or no history), 1 broken rules, 2 usage. */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    Path root = Path.of(args.length == 1 ? args[0] : ".");
    if (args.length > 1 || !Files.isRegularFile(root.resolve(BASE_FILE))) {
      err.println(
          "usage: CommitCheck [repository root with "
              + BASE_FILE
              + "] (got "
              + List.of(args)
              + ")");
      return 2;
    }
    try {
      Outcome outcome = check(root);
      if (outcome.unreadable().isPresent()) {
        out.println("commit-check: no history to check: " + outcome.unreadable().get());
        return 0;
      }
      outcome.problems().forEach(err::println);
      out.printf("commit-check: %d broken rules%n", outcome.problems().size());
      return outcome.problems().isEmpty() ? 0 : 1;
    } catch (IOException e) {
      err.println("commit-check: " + e.getMessage());
      return 1;
    }
  }

  /** The rules over the commits since the root's base, one line per commit and broken rule. */
  public static Outcome check(Path root) throws IOException {
    String base = GitLog.base(root.resolve(BASE_FILE));
    GitLog log = new GitLog(root);
    Optional<String> unreadable = log.unreadable(base);
    List<Commit> commits;
    if (unreadable.isEmpty()) {
      commits = log.since(base);
    } else if (log.shallow()) {
      // a shallow clone without the base: HEAD is after it, whatever else the clone lacks
      commits = log.head(base);
    } else {
      return new Outcome(unreadable, List.of());
    }
    List<String> problems = new ArrayList<>();
    for (Commit commit : commits) {
      for (String problem : CommitRules.problems(commit)) {
        problems.add(commit.oneline() + ": " + problem);
      }
    }
    return new Outcome(Optional.empty(), problems);
  }
}
