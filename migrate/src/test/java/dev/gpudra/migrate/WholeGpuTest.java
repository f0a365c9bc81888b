package dev.gpudra.migrate;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Whole GPUs ({@code nvidia.com/gpu}, no config): the whole output, as the command prints it. */
class WholeGpuTest {
  /**
   * One translation: {@code whole-gpu/<file>.in.yaml} is what the user has, {@code .out.yaml} the
   * whole output.
   */
  record Case(String name, String file) {
    String input() {
      return text(file + ".in.yaml");
    }

    String expected() {
      return text(file + ".out.yaml");
    }

    private static String text(String name) {
      try (InputStream in = WholeGpuTest.class.getResourceAsStream("whole-gpu/" + name)) {
        if (in == null) {
          throw new IllegalStateException("no test resource whole-gpu/" + name);
        }
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case(
            "one GPU in a Pod: template <pod>-<container>-gpu before the pod, count 1",
            "one-gpu-pod"),
        new Case(
            "four GPUs in a Deployment: count 4, the template in the Deployment's namespace,"
                + " other resources and claims kept",
            "four-gpus-deployment"),
        new Case(
            "two containers sharing nothing: a template and a claim each;"
                + " a container without GPUs untouched",
            "two-containers"),
        new Case("a count of 0 asks for nothing: the entry goes, no claim", "zero-count"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  @DisplayName("whole GPUs become gpu.nvidia.com requests of their count, one claim per container")
  void translates(Case c) {
    Migration migration = Migration.of(c.input());
    assertThat(migration.report()).isEmpty();
    assertThat(migration.output()).isEqualTo(c.expected());
  }
}
