package dev.gpudra.buildtools.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.buildtools.Checkout;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** CONTRIBUTING.md's measurable writing rules, over this checkout. */
class RepositoryDocsTest {
  @Test
  @DisplayName(
      "links, anchors and named files resolve; README.md and table cells keep their length")
  void docsFollowTheWritingRules() throws IOException {
    List<Violation> violations = new DocsCheck(Checkout.root()).run();

    assertThat(violations)
        .as(
            "%d violations of CONTRIBUTING.md's writing rules (file:line: message):%n%s",
            violations.size(),
            String.join(
                System.lineSeparator(), violations.stream().map(Violation::toString).toList()))
        .isEmpty();
  }
}
