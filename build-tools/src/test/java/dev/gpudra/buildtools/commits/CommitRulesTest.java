package dev.gpudra.buildtools.commits;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class CommitRulesTest {
  private static final String WHY = "The demo printed 628 lines; a reader needs a dozen.";

  @ParameterizedTest(name = "{0}")
  @DisplayName("imperative subjects with a body pass")
  @ValueSource(
      strings = {
        "Add the ComputeDomain controller",
        "Fix the checkpoint's checksum on upgrade",
        "Pass the node name to the plugin",
        "Focus the demo on one scenario",
        "Speed up the prepare path",
        "Embed the CRDs in the chart",
        "Bring the chart in line with NVIDIA's",
        "Document NVIDIADriver pools and the takeover",
        "Re-run the fuzzers on their corpus",
        "CI: fail on skipped suites",
        "MPS daemons start with the claim",
      })
  void imperativeSubjectsPass(String subject) {
    assertThat(CommitRules.problems(new Commit("abc", subject, WHY + "\n\nIssue: 37"))).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @DisplayName("past, third-person, gerund and lower-case subjects fail, with the rule they break")
  @CsvSource(
      delimiter = '|',
      value = {
        "Added the controller | use the imperative",
        "Adds the controller | use the imperative",
        "Adding the controller | use the imperative",
        "Fixes: the checksum | use the imperative",
        "fix the checksum | start with a capitalised verb",
        "added the controller | start with a capitalised verb",
      })
  void otherSubjectsFail(String subject, String problem) {
    assertThat(CommitRules.problems(new Commit("abc", subject, WHY)))
        .singleElement()
        .asString()
        .contains(problem);
  }

  @Test
  @DisplayName("only a last paragraph of Key: value lines counts as trailers, not as the why")
  void trailers() {
    assertThat(CommitRules.problems(new Commit("abc", "Add x", "Why: users asked.\n\nIssue: 37")))
        .isEmpty();
    assertThat(CommitRules.problems(new Commit("abc", "Add x", "Issue: 37"))).hasSize(1);
    assertThat(CommitRules.problems(new Commit("abc", "Add x", ""))).hasSize(1);
  }

  @Test
  @DisplayName("a 73-character subject and a body of trailers only each break a rule")
  void longSubjectAndNoBody() {
    String subject = "Add " + "x".repeat(69);
    assertThat(CommitRules.problems(new Commit("abc", subject.substring(0, 72), WHY))).isEmpty();
    assertThat(CommitRules.problems(new Commit("abc", subject, "Issue: 37\nSigned-off-by: a <b>")))
        .isEqualTo(
            List.of(
                "subject has 73 characters, at most 72: move detail to the body",
                "no body: after a blank line, say why the change is made"));
  }
}
