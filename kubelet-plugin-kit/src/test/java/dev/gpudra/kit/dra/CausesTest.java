package dev.gpudra.kit.dra;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class CausesTest {
  @Test
  @DisplayName("a vague client error is followed by what its causes say, each message once")
  void joinsCauses() {
    Exception e =
        new RuntimeException(
            "An error has occurred.",
            new UncheckedIOException(
                new IOException("Unexpected character ('<' (code 60)) at line 1")));

    assertThat(Causes.chain(e))
        .isEqualTo("An error has occurred.: Unexpected character ('<' (code 60)) at line 1");
  }

  @Test
  @DisplayName("an exception without a message is named by its class")
  void namesClass() {
    assertThat(Causes.chain(new NullPointerException())).isEqualTo("NullPointerException");
  }
}
