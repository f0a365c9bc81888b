package dev.gpudra.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class CompatibilityDocTest {
  private static final Fixtures FIXTURES = Fixtures.ofCheckout();
  private static final Path CONFORMANCE = FIXTURES.dir().getParent();
  private static final Path DOC = CONFORMANCE.resolveSibling("docs").resolve("compatibility.md");

  @Test
  @DisplayName(
      "docs/compatibility.md is what differences.yaml and the fixtures say (rewritten with"
          + " -Dgpu-dra.conformance.update=true)")
  void generated() throws IOException {
    String rendered =
        CompatibilityDoc.render(
            Differences.read(CONFORMANCE.resolve("differences.yaml")),
            FIXTURES.sliceCases(),
            NvidiaChartIT.cases().toList());
    if (Fixtures.updating()) {
      Files.writeString(DOC, rendered);
    }
    assertThat(DOC).hasContent(rendered);
  }

  @Test
  @DisplayName("an intended difference is listed with where, both values and why")
  void listsDifferences() {
    Differences one =
        new Differences(
            java.util.List.of(
                new Differences.Entry(
                    "[0].metadata.generateName",
                    "\"00000-gpu.nvidia.com-<node>-\"",
                    "\"<node>-gpu.nvidia.com-\"",
                    null,
                    "an example")));

    assertThat(CompatibilityDoc.render(one, java.util.List.of("h100")))
        .contains("| ResourceSlices | h100 | 1 |")
        .contains(
            "| `[0].metadata.generateName` | \"00000-gpu.nvidia.com-<node>-\" |"
                + " \"<node>-gpu.nvidia.com-\" | an example |");
  }
}
