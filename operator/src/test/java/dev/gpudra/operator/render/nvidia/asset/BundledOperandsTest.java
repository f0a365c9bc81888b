package dev.gpudra.operator.render.nvidia.asset;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.operator.states.OperandState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The operand resources shipped in the operator's jar: every directory is a state's, every file has
 * provenance, every provenance entry names a file, and every state loads.
 */
class BundledOperandsTest {
  private static final Path SOURCES = Path.of("src", "main", "resources", OperandAssets.ROOT);

  static Stream<String> states() throws IOException {
    try (Stream<Path> dirs = Files.list(SOURCES)) {
      return dirs.map(d -> d.getFileName().toString()).sorted().toList().stream();
    }
  }

  @Test
  @DisplayName("operands are bundled, each directory named after a state the operator runs")
  void eachDirectoryIsAState() throws IOException {
    List<String> known = Arrays.stream(OperandState.values()).map(OperandState::stateName).toList();

    assertThat(states().toList()).isNotEmpty().allSatisfy(s -> assertThat(known).contains(s));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("states")
  @DisplayName("every file of a state is in its provenance, and every entry names a file there")
  void everyFileHasProvenanceAndEveryEntryNamesAFile(String state) throws IOException {
    List<String> listed =
        OperandAssets.bundled().provenance(state).files().stream()
            .map(Provenance.AssetFile::file)
            .toList();
    List<String> present;
    try (Stream<Path> files = Files.list(SOURCES.resolve(state))) {
      present =
          files
              .map(f -> f.getFileName().toString())
              .filter(f -> !f.equals(OperandAssets.PROVENANCE))
              .toList();
    }

    assertThat(listed).containsExactlyInAnyOrderElementsOf(present);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("states")
  @DisplayName(
      "every state's provenance names NVIDIA's asset of that state, at the version tracked")
  void provenanceNamesTheUpstreamAssetsAndVersion(String state) {
    Provenance provenance = OperandAssets.bundled().provenance(state);

    assertThat(provenance.upstream())
        .isEqualTo(
            new Provenance.Upstream(
                "https://github.com/NVIDIA/gpu-operator",
                "v26.7.0",
                "10ee5b3638b89e11e949412aafa5ba99279c3721",
                "Apache-2.0"));
    assertThat(provenance.files())
        .allSatisfy(f ->
            assertThat(f.upstream())
                .matches("(assets|manifests)/[a-z0-9-]+/" + ProvenanceCheck.FILE.pattern()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("states")
  @DisplayName("every bundled state loads: known kinds, known fields, every value of its type")
  void everyStateLoads(String state) {
    assertThat(OperandAssets.bundled().load(state, "gpu-operator").size())
        .isEqualTo(OperandAssets.bundled().provenance(state).files().size());
  }
}
