package dev.gpudra.localcluster.validation.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The hand copy against the verdicts the corpus states (those ValidationAgreementE2E checks against
 * the real API server), in milliseconds and without a server.
 */
class CorpusVerdictsTest {
  private final HandCopy handCopy = new HandCopy();

  static Path corpus() {
    try {
      return Path.of(
          Objects.requireNonNull(CorpusVerdictsTest.class.getResource("/validation-corpus"))
              .toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  static Stream<CorpusCase> stated() {
    return ValidationCorpus.load(corpus()).stream().filter(c -> c.expected().isPresent());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("stated")
  @DisplayName("the hand copy gives the real API server's verdict stated in the corpus")
  void handCopyGivesStatedVerdict(CorpusCase c) {
    assertThat(handCopy.verdict(c))
        .as("%s (%s)", c.name(), c.file())
        .isEqualTo(c.expected().orElseThrow());
  }

  static Stream<CorpusCase> worded() {
    return ValidationCorpus.load(corpus()).stream().filter(c -> !c.messages().isEmpty());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("worded")
  @DisplayName("the hand copy words its refusal as the real API server does, where the corpus says")
  void handCopyGivesStatedMessages(CorpusCase c) {
    assertThat(handCopy.messages(c)).as("%s (%s)", c.name(), c.file()).isEqualTo(c.messages());
  }

  @Test
  @DisplayName("the corpus covers every validated kind, on create and on update, valid and not")
  void corpusCoversEveryKind() {
    List<CorpusCase> cases = ValidationCorpus.load(corpus());

    assertThat(cases)
        .extracting(CorpusCase::kind)
        .contains("ResourceSlice", "ResourceClaim", "ResourceClaimTemplate", "DeviceClass");
    assertThat(cases).anyMatch(c -> c.update().isPresent());
    assertThat(cases)
        .filteredOn(c -> c.expected().isPresent())
        .anyMatch(c -> c.expected().get().isAccepted())
        .anyMatch(c -> !c.expected().get().isAccepted());
  }
}
