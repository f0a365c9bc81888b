package dev.gpudra.buildtools.commits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.abort;

import dev.gpudra.buildtools.Checkout;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The commit rules over this checkout's history since {@code .ci/commit-rules-since}, with the
 * {@code git} command. A shallow clone without the base has HEAD checked alone; a checkout without
 * history (a source tarball) has no commit to check, which the test says and passes on (under
 * {@code CI=true} a skip would fail the run for want of a {@code .git} it cannot fetch).
 */
class CommitRulesIT {
  @TempDir Path dir;

  @Test
  @DisplayName("every commit since .ci/commit-rules-since follows CONTRIBUTING.md's commit rules")
  void commitsSinceTheRulesFollowThem() throws IOException {
    CommitCheck.Outcome outcome = CommitCheck.check(Checkout.root());
    if (outcome.unreadable().isPresent()) {
      String reason =
          "the history since " + CommitCheck.BASE_FILE + ": " + outcome.unreadable().get();
      System.out.println("commit rules: no commit to check: " + reason);
      return;
    }

    assertThat(outcome.problems())
        .as(
            "commits that break CONTRIBUTING.md's commit rules (reword them before they land):%n%s",
            String.join(System.lineSeparator(), outcome.problems()))
        .isEmpty();
  }

  @Test
  @DisplayName("reads the commits after a base, oldest first, merges left out, bodies kept")
  void readsHistory() throws Exception {
    git("init", "-q");
    commit("Start the project", "");
    String base = git("rev-parse", "HEAD").strip();
    commit("Added a file", "");
    commit("Add the chart", "Users install with Helm.\n\nIssue: 37");

    GitLog log = new GitLog(dir);
    assertThat(log.unreadable(base)).isEmpty();
    List<Commit> commits = log.since(base);
    assertThat(commits)
        .extracting(Commit::subject)
        .containsExactly("Added a file", "Add the chart");
    assertThat(commits.get(1).body()).isEqualTo("Users install with Helm.\n\nIssue: 37");
    assertThat(CommitRules.problems(commits.get(0))).hasSize(2);
    assertThat(CommitRules.problems(commits.get(1))).isEmpty();
    assertThat(log.unreadable("0".repeat(40))).get().asString().contains("is not in this clone");
  }

  @Test
  @DisplayName("a shallow clone without the base has its HEAD checked alone")
  void shallowCloneChecksHead() throws Exception {
    git("init", "-q");
    commit("Start the project", "");
    String base = git("rev-parse", "HEAD").strip();
    commit("Added a file", "");
    commit("Fixes the chart", "");
    Path clone = dir.resolve("clone");
    new ProcessBuilder("git", "clone", "-q", "--depth", "1", "file://" + dir, clone.toString())
        .inheritIO()
        .start()
        .waitFor();
    Files.createDirectories(clone.resolve(".ci"));
    Files.writeString(clone.resolve(CommitCheck.BASE_FILE), base + "\n");

    CommitCheck.Outcome outcome = CommitCheck.check(clone);

    assertThat(outcome.unreadable()).isEmpty();
    assertThat(outcome.problems())
        .isNotEmpty()
        .allSatisfy(p -> assertThat(p).contains("Fixes the chart"));
  }

  @Test
  @DisplayName("a directory that is no git checkout says so instead of failing")
  void noCheckout() throws IOException {
    Path plain = Files.createDirectories(dir.resolve("plain"));
    Files.writeString(dir.resolve(".git"), "gitdir: /nonexistent\n");

    assertThat(new GitLog(plain).unreadable("0".repeat(40))).isPresent();
  }

  private void commit(String subject, String body) throws Exception {
    Files.writeString(dir.resolve("file"), subject);
    git("add", "file");
    if (body.isEmpty()) {
      git("commit", "-q", "-m", subject);
    } else {
      git("commit", "-q", "-m", subject, "-m", body);
    }
  }

  private String git(String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString()));
    command.addAll(List.of("-c", "user.name=gpu-dra", "-c", "user.email=test@gpu-dra.dev"));
    command.addAll(List.of("-c", "commit.gpgsign=false"));
    command.addAll(List.of(args));
    Process process;
    try {
      process = new ProcessBuilder(command).redirectErrorStream(true).start();
    } catch (IOException e) {
      return abort("no git command: " + e.getMessage());
    }
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor()).as("git %s: %s", String.join(" ", args), output).isZero();
    return output;
  }
}
