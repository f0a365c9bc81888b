package dev.gpudra.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class BenchPrepareCommandTest {
  @Test
  @DisplayName(
      "the reproducing command line quotes a peer command that has quotes of its own, as sh reads"
          + " it back")
  void quotesForTheShell() {
    assertThat(BenchPrepareCommand.shellQuoted("java -cp 'libs/*' Main"))
        .isEqualTo("'java -cp '\\''libs/*'\\'' Main'");
    assertThat(BenchPrepareCommand.shellQuoted("-Xmx64m")).isEqualTo("'-Xmx64m'");
  }
}
