package dev.gpudra.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/** The last line of defence: the JVM's own errors said in one line, never their traces. */
class OneLineErrorsTest {
  record Case(String name, VirtualMachineError error, String line) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case(
            "stack",
            new StackOverflowError(),
            "gpu-dra migrate: error: the input nests too deeply to process (stack exhausted)"),
        new Case(
            "heap",
            new OutOfMemoryError("Java heap space"),
            "gpu-dra migrate: error: out of memory (heap limit "));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  @DisplayName("a StackOverflowError or OutOfMemoryError is one line on stderr and exit code 1")
  void exhausted(Case c) {
    StringWriter err = new StringWriter();
    CommandLine migrate = GpuDra.commandLine().getSubcommands().get("migrate");
    migrate.setErr(new PrintWriter(err));

    int code = OneLineErrors.exhausted(migrate, c.error());

    assertThat(code).isEqualTo(1);
    assertThat(err.toString()).startsWith(c.line()).doesNotContain("\tat ");
    assertThat(err.toString().lines()).hasSize(1);
  }
}
