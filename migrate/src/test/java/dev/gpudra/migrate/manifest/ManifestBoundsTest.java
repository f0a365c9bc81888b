package dev.gpudra.migrate.manifest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.Reader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** What the reader holds at once, and what it refuses, in one line, instead of running out. */
class ManifestBoundsTest {
  private static final int MIB = 1024 * 1024;
  private static final String POD = "apiVersion: v1\nkind: Pod\nmetadata: {name: p%d}\n";
  private static final String ITEM =
      "- apiVersion: v1\n  kind: Pod\n  metadata:\n    name: p%d\n    namespace: ns\n";

  private final ManifestReader reader = new ManifestReader();

  /** A stream, made up as read, and the start of the one line it must be refused with. */
  record Refused(String name, Supplier<Reader> input, String message) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Refused> refused() {
    return Stream.of(sizes(), textAndNesting(), yamlErrors()).flatMap(s -> s);
  }

  /** Documents, items and lines past the size bound. */
  private static Stream<Refused> sizes() {
    return Stream.of(
        new Refused(
            "a document past the bound, in one line",
            () -> {
              String big = "x".repeat(ManifestReader.MAX_DOCUMENT_MIB * MIB);
              return new LazyText(POD.formatted(0) + "---\n", i -> "data: " + big + "\n", 1, "");
            },
            "f.yaml, document 2 (line 5): larger than 3 MiB, the most a document may be"),
        new Refused(
            "a document past the bound, in many lines",
            () ->
                new LazyText(
                    "apiVersion: v1\nkind: ConfigMap\ndata:\n", i -> "  k" + i + ": v\n", MIB, ""),
            "f.yaml, document 1 (line 1): larger than 3 MiB"),
        new Refused(
            "a list's item past the bound",
            () ->
                new LazyText(
                    "apiVersion: v1\nitems:\n" + ITEM.formatted(1) + "- data: |\n",
                    i -> "    line\n",
                    MIB,
                    "kind: List\n"),
            "f.yaml, document 1, item 2 (line 8): larger than 3 MiB, the most a document or a"
                + " list's item may be"),
        new Refused(
            "a line without end",
            () -> LazyText.endless("a"),
            "f.yaml, document 1 (line 1): larger than 3 MiB"));
  }

  /** Input that is not text, or nests too deep. */
  private static Stream<Refused> textAndNesting() {
    return Stream.of(
        new Refused(
            "/dev/zero",
            () -> LazyText.endless("\0"),
            "f.yaml: not text: character U+0000 at line 1, column 1 (a binary file?)"),
        new Refused(
            "a control character after text",
            () -> new StringReader(POD.formatted(1) + "x: a\u0007b\n"),
            "f.yaml: not text: character U+0007 at line 4, column 5"),
        new Refused(
            "20,000 nested flow sequences",
            () ->
                new StringReader(
                    POD.formatted(1) + "x: " + "[".repeat(20_000) + "]".repeat(20_000)),
            "f.yaml, document 1 (line 1): nested deeper than 200 levels"),
        new Refused(
            "300 nested block mappings",
            () -> new LazyText("apiVersion: v1\nkind: Pod\n", i -> " ".repeat(i) + "k:\n", 300, ""),
            "f.yaml, document 1 (line 1): nested deeper than 200 levels"));
  }

  /** Invalid YAML, duplicate fields and missing kinds. */
  private static Stream<Refused> yamlErrors() {
    return Stream.of(
        new Refused(
            "a YAML error, with the stream's line and column",
            () -> new StringReader(POD.formatted(1) + "---\napiVersion: v1\nkind: [B\n"),
            "f.yaml, document 2: invalid YAML at line 7, column 1: while parsing a flow sequence"),
        new Refused(
            "a YAML error in a list's item, with the stream's line and column",
            () ->
                new StringReader(
                    "apiVersion: v1\nitems:\n"
                        + ITEM.formatted(1)
                        + ITEM.formatted(2)
                        + "  spec: {a: b\nkind: List\n"),
            "f.yaml, document 1, item 2: invalid YAML at line 14, column 3: while parsing a flow mapping"),
        new Refused(
            "a duplicate field between a list's head and its tail",
            () ->
                new StringReader(
                    "apiVersion: v1\nitems:\n" + ITEM.formatted(1) + "apiVersion: v2\n"),
            "f.yaml, document 1 (line 8): duplicate field apiVersion"),
        new Refused(
            "tokens after a flow mapping's end (found by fuzzing: read once, dropped; crashed the"
                + " alias scan)",
            () -> new StringReader("{\"apiVersion\":\"v1\",\"kind\":\"List\"}}]}\"x\":1}\n\"*a\""),
            "f.yaml, document 1: invalid YAML at line 1, column 34: expected '<document start>', but found '}'"),
        new Refused(
            "a list without kind",
            () -> new StringReader("apiVersion: v1\nitems:\n" + ITEM.formatted(1)),
            "f.yaml, document 1 (line 1): field kind: required"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refused")
  @DisplayName(
      "a document past its bound, text that is not text, deep nesting and YAML errors are one"
          + " line naming the file, the document (and item) and the line, read no further")
  void refused(Refused refused) {
    assertThatThrownBy(() -> reader.read("f.yaml", refused.input().get(), part -> {}))
        .isInstanceOf(InvalidManifestException.class)
        .hasMessageStartingWith(refused.message())
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }

  @Test
  @DisplayName(
      "a list of 30,000 items (kubectl get -A -o yaml, 50 MB) is read item by item, with its head"
          + " and tail")
  void bigList() {
    List<String> seen = new ArrayList<>();
    int[] items = {0};
    reader.read(
        "all.yaml",
        new LazyText(
            "apiVersion: v1\nitems:\n",
            i -> ITEM.formatted(i) + "  data:\n    blob: " + "y".repeat(1600) + "\n",
            30_000,
            "kind: List\nmetadata:\n  resourceVersion: \"\"\n"),
        part -> {
          switch (part) {
            case ListItem item -> {
              assertThat(item.node().at("/metadata/name").asText()).isEqualTo("p" + items[0]);
              items[0]++;
            }
            case ListTail tail -> seen.add("tail " + tail.object().path("kind").asText());
            case ListHead head -> seen.add("head " + head.text().strip().replace('\n', ' '));
            case ManifestDocument document -> seen.add("document");
          }
        });

    assertThat(items[0]).isEqualTo(30_000);
    assertThat(seen).containsExactly("head apiVersion: v1 items:", "tail List");
  }

  @Test
  @DisplayName("an endless stream of documents is handed on as it is read, never held whole")
  void endless() {
    int[] documents = {0};
    record Enough() {}
    RuntimeException enough = new IllegalStateException("enough");
    assertThatThrownBy(() ->
            reader.read(
                "f.yaml",
                new LazyText("", i -> "---\n" + POD.formatted(i), Long.MAX_VALUE, ""),
                part -> {
                  if (++documents[0] == 50_000) {
                    throw enough;
                  }
                }))
        .isSameAs(enough);
  }

  @Test
  @DisplayName(
      "a list's items are cut at its - lines, indented or not, and each is parsed on its own"
          + " with its line")
  void listShapes() {
    String stream =
        """
        kind: PodList
        apiVersion: v1
        items:
          # the first
          - apiVersion: v1
            kind: Pod
            metadata: {name: a}

          - plain
          -
            apiVersion: v1
            kind: Pod
        metadata: {}
        ---
        apiVersion: v1
        kind: List
        items: [{apiVersion: v1, kind: Pod}]
        """;

    List<String> parts = new ArrayList<>();
    reader.read(
        "f.yaml",
        new StringReader(stream),
        part ->
            parts.add(
                switch (part) {
                  case ListHead head -> "head@" + head.line();
                  case ListItem item -> item.item() + "@" + item.line() + ":" + item.node();
                  case ListTail tail -> "tail:" + tail.text().strip();
                  case ManifestDocument document -> "document@" + document.line();
                }));

    assertThat(parts)
        .containsExactly(
            "head@1",
            "1@5:{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}}",
            "2@9:\"plain\"",
            "3@10:{\"apiVersion\":\"v1\",\"kind\":\"Pod\"}",
            "tail:metadata: {}",
            "document@15");
  }
}
