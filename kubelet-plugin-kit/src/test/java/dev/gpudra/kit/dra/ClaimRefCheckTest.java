package dev.gpudra.kit.dra;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.kit.ClaimRef;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ClaimRefCheckTest {
  private final ClaimRefCheck check = new ClaimRefCheck();

  @ParameterizedTest(name = "{0}/{1} ({2})")
  @CsvSource({
    "default, gpu-claim, 0f3c1a9e-1111-4000-8000-000000000001",
    "kube-system, pod-0-gpu-abc12, uid",
    "a, a.b.c, x",
  })
  @DisplayName("the names the API server accepts pass")
  void accepts(String namespace, String name, String uid) {
    assertThat(check.problem(new ClaimRef(namespace, name, uid))).isEmpty();
  }

  @ParameterizedTest(name = "{0}/{1} ({2}): {3}")
  @CsvSource(
      delimiter = '|',
      value = {
        "default | c | '' | uid \"\"",
        "default | c | 'a b' | uid \"a b\"",
        "default | c | uid-~3 | uid \"uid-~3\"",
        "default | c | ../x | uid \"../x\"",
        "Default | c | u | namespace \"Default\"",
        "a.b | c | u | namespace \"a.b\"",
        "default | real/status | u | name \"real/status\"",
        "default | real?watch=true | u | name \"real?watch=true\"",
        "default | -c | u | name \"-c\"",
        "default | .. | u | name \"..\"",
      })
  @DisplayName("a blank UID, a namespace that is not a label or a name that is not a subdomain")
  void refuses(String namespace, String name, String uid, String problem) {
    assertThat(check.problem(new ClaimRef(namespace, name, uid)))
        .get()
        .asString()
        .contains(problem);
  }

  @org.junit.jupiter.api.Test
  @DisplayName("names longer than the API allows are refused and shown cut short")
  void refusesLongNames() {
    assertThat(check.problem(new ClaimRef("a".repeat(64), "c", "u")))
        .get()
        .asString()
        .contains("a".repeat(80).substring(0, 64) + "\" is not a DNS-1123 label");
    assertThat(check.problem(new ClaimRef("default", "c".repeat(10_000), "u")))
        .get()
        .asString()
        .contains("c".repeat(80) + "...\"")
        .hasSizeLessThan(300);
  }
}
