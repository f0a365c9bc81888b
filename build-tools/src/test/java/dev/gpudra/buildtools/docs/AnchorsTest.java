package dev.gpudra.buildtools.docs;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AnchorsTest {
  @ParameterizedTest(name = "{0} -> #{1}")
  @DisplayName("headings slug as on GitHub")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        "Quick start | quick-start",
        "Install on a cluster (Helm) | install-on-a-cluster-helm",
        "`gpu-dra explain` | gpu-dra-explain",
        "What's `--set nvidiaDriver.enabled`? | whats---set-nvidiadriverenabled",
        "Links: [the chart](docs/helm.md) | links-the-chart",
        "**Bold** and _emphasis_ and snake_case | bold-and-emphasis-and-snake_case",
        "A & B / C | a--b--c",
        "v1.2 → v1.3 | v12--v13",
        "Ünïcode Wörds | ünïcode-wörds",
      })
  void slug(String heading, String anchor) {
    assertThat(Anchors.slug(heading)).isEqualTo(anchor);
  }

  @Test
  @DisplayName("repeats get -1, -2; setext headings and HTML ids count; fenced lines do not")
  void anchorsOfFile() {
    MarkdownSource source =
        MarkdownSource.parse(
            String.join(
                "\n",
                "# Notes",
                "## Notes",
                "## Notes",
                "Setext title",
                "------------",
                "<a name=\"custom\"></a>",
                "```",
                "# not a heading",
                "```",
                "- item",
                "---"));

    assertThat(Anchors.of(source))
        .containsExactly("notes", "notes-1", "notes-2", "setext-title", "custom");
  }
}
