package dev.gpudra.demo.realnode;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.demo.DemoSpec;
import dev.gpudra.demo.SpecLibrary;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class NvlinkCliqueTest {
  @Test
  @DisplayName(
      "the real node as a GB200 tray is in the clique compute-domain's workers select; an A100"
          + " node is in none")
  void cliqueOfTheRealNode() {
    DemoSpec computeDomain =
        SpecLibrary.locate(Path.of("").toAbsolutePath()).scenarios().stream()
            .filter(s -> s.name().equals("compute-domain"))
            .findFirst()
            .orElseThrow();

    assertThat(NvlinkClique.of("gb200-nvl", RealNodeCluster.NODE))
        .hasValueSatisfying(c ->
            assertThat(computeDomain.manifests())
                .contains(NvlinkClique.LABEL + ": " + c)
                .contains("nodeSelector"));
    assertThat(NvlinkClique.of("dgx-a100-mig", RealNodeCluster.NODE)).isEmpty();
  }
}
