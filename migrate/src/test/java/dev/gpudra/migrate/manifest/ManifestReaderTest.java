package dev.gpudra.migrate.manifest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ManifestReaderTest {
  private final ManifestReader reader = new ManifestReader();

  private List<ManifestDocument> documents(String stream) {
    return reader.read("f.yaml", stream).stream().map(ManifestDocument.class::cast).toList();
  }

  @Test
  @DisplayName(
      "documents split at --- lines (with a comment or a node after them), blank ones left out,"
          + " each with its number and first line")
  void split() {
    String stream =
        """
        ---
        # header
        apiVersion: v1
        kind: A
        --- # a comment
        apiVersion: v1
        kind: B
        ---
        --- {apiVersion: v1, kind: C}

        ---
        # only a comment
        """;

    var documents = documents(stream);

    assertThat(documents)
        .extracting(
            d -> d.index() + "@" + d.line() + ":" + d.object().map(o -> o.get("kind").asText()))
        .containsExactly(
            "1@2:Optional[A]", "2@6:Optional[B]", "3@9:Optional[C]", "4@12:Optional.empty");
    assertThat(documents.getFirst().text()).isEqualTo("# header\napiVersion: v1\nkind: A\n");
    assertThat(documents.getFirst().leadingComments()).isEqualTo("# header\n");
    assertThat(documents).noneMatch(ManifestDocument::usesAliases);
  }

  static Stream<Arguments> invalid() {
    return Stream.of(
        Arguments.of(
            "not YAML, with the stream's line",
            "apiVersion: v1\nkind: A\n---\napiVersion: v1\nkind: [B\n",
            "f.yaml, document 2: invalid YAML at line 6, column 1: while parsing a flow sequence: expected ',' or ']', but got <stream end>"),
        Arguments.of(
            "a duplicate key",
            "apiVersion: v1\nkind: A\nkind: B\n",
            "f.yaml, document 1: invalid YAML at line 3, column 5: Duplicate field 'kind'"),
        Arguments.of(
            "not a mapping",
            "apiVersion: v1\nkind: A\n---\n- a\n- b\n",
            "f.yaml, document 2 (line 4): not a Kubernetes object (a mapping with apiVersion and"
                + " kind)"),
        Arguments.of(
            "no kind",
            "apiVersion: v1\nmetadata: {name: x}\n",
            "f.yaml, document 1 (line 1): field kind: required"),
        Arguments.of(
            "an apiVersion that is not a string",
            "apiVersion: 1\nkind: A\n",
            "f.yaml, document 1 (line 1): field apiVersion: required"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalid")
  @DisplayName("what cannot be read is one message naming the file, the document and the line")
  void invalid(String name, String stream, String message) {
    assertThatThrownBy(() -> reader.read("f.yaml", stream))
        .isInstanceOf(InvalidManifestException.class)
        .hasMessageStartingWith(message)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }

  @Test
  @DisplayName("a document that refers to an anchor is marked: its tree holds the alias's name")
  void aliases() {
    var documents =
        documents("apiVersion: v1\nkind: A\nx: &a {b: 1}\ny: *a\n---\napiVersion: v1\nkind: '*'\n");

    assertThat(documents).extracting(ManifestDocument::usesAliases).containsExactly(true, false);
  }
}
