package dev.gpudra.kit.cdi;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.nio.file.Path;
import java.util.stream.LongStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class SpecYamlTest {
  /** How specs were rendered before {@link SpecYaml}: Jackson's YAML mapper. */
  final ObjectMapper jackson = YAMLMapper.builder().build();

  final CdiSpecWriter writer = new CdiSpecWriter(Path.of("/nonexistent"), "vendor.io", "claim");

  static LongStream seeds() {
    return LongStream.range(0, 400);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  @DisplayName(
      "a spec of ordinary strings renders to exactly the text Jackson's YAML mapper writes")
  void writesWhatJacksonWrites(long seed) throws Exception {
    CdiSpec spec = new RandomSpecs(seed, false).spec();
    assertThat(writer.render(spec)).isEqualTo(jackson.writeValueAsString(spec));
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  @DisplayName(
      "a spec with strings YAML must quote, escape or could fold (control characters, lone"
          + " surrogates, long lines of words) reads back equal")
  void readsBackEqual(long seed) {
    CdiSpec spec = new RandomSpecs(seed, true).spec();
    assertThat(writer.parse(writer.render(spec))).isEqualTo(spec);
  }
}
