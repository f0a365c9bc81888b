package dev.gpudra.migrate.manifest;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.yaml.snakeyaml.LoaderOptions;

/**
 * Reads a stream of YAML (or JSON) documents into {@link ManifestPart}s, one document at a time,
 * and a list ({@code kind: List} with a block sequence of items) one item at a time: memory is
 * bounded by the largest document or item, not the stream. Duplicate keys are errors, as the API
 * server's strict decoding makes them. Thread-safe.
 */
public final class ManifestReader {
  /** The most a document (or a list's item) may be: the API server's limit for a request. */
  public static final int MAX_DOCUMENT_MIB = 3;

  /** The deepest a document may nest mappings and sequences. */
  public static final int MAX_DEPTH = 200;

  private static final int MAX_DOCUMENT_CHARS = MAX_DOCUMENT_MIB * 1024 * 1024;

  private final YAMLMapper yaml = mapper();

  private static YAMLMapper mapper() {
    LoaderOptions loader = new LoaderOptions();
    loader.setNestingDepthLimit(MAX_DEPTH);
    loader.setCodePointLimit(MAX_DOCUMENT_CHARS + 1);
    YAMLFactory factory =
        YAMLFactory.builder()
            .loaderOptions(loader)
            .streamReadConstraints(
                StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).build())
            .build();
    // a document is one node: tokens after a flow mapping's end are an error, not dropped
    return YAMLMapper.builder(factory)
        .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
        .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
        .build();
  }

  /**
   * Hands each part of {@code in} to {@code sink} as soon as it is read.
   *
   * @param source the file name, for messages
   * @param in the file's text, decoded so that bytes that are not UTF-8 throw
   * @throws InvalidManifestException naming the source, document and line of the first problem
   * @throws UncheckedIOException {@code in} cannot be read
   */
  public void read(String source, Reader in, Consumer<? super ManifestPart> sink) {
    DocumentScanner scanner =
        new DocumentScanner(
            new TextLines(in, source, MAX_DOCUMENT_CHARS), source, MAX_DOCUMENT_CHARS);
    ListParts list = new ListParts(this, source);
    for (DocumentScanner.Piece piece = scanner.next(); piece != null; piece = scanner.next()) {
      sink.accept(
          switch (piece) {
            case DocumentScanner.Whole whole -> document(source, whole.index(), whole.text());
            case DocumentScanner.Head head -> list.head(head);
            case DocumentScanner.Item item -> list.item(item);
            case DocumentScanner.Tail tail -> list.tail(tail);
          });
    }
  }

  /**
   * Hands each part of {@code in}, UTF-8, to {@code sink} as soon as it is read.
   *
   * @throws InvalidManifestException bytes that are not UTF-8, or as {@link #read(String, Reader,
   *     Consumer)}
   * @throws UncheckedIOException {@code in} cannot be read
   */
  public void read(String source, InputStream in, Consumer<? super ManifestPart> sink) {
    read(
        source,
        new InputStreamReader(
            in,
            StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)),
        sink);
  }

  /** Every part of {@code stream}, for a stream already in memory. */
  public List<ManifestPart> read(String source, String stream) {
    List<ManifestPart> parts = new ArrayList<>();
    read(source, new StringReader(stream), parts::add);
    return List.copyOf(parts);
  }

  private ManifestDocument document(String source, int index, DocumentText text) {
    JsonNode tree = tree(source + ", document " + index, text, 0);
    Optional<ObjectNode> object = object(source + ", document " + index, text.line(), tree);
    return new ManifestDocument(
        source,
        index,
        text.line(),
        text.text(),
        text.leadingComments(),
        object,
        object.isPresent() && usesAliases(text.text()));
  }

  /**
   * {@code text} parsed.
   *
   * @param column how many columns {@code text}'s lines were shifted left, for messages
   */
  JsonNode tree(String where, DocumentText text, int column) {
    try {
      return yaml.readTree(text.text());
    } catch (StreamConstraintsException e) {
      throw tooDeep(where, text);
    } catch (JsonProcessingException e) {
      // SnakeYAML's own bound (LoaderOptions), met before Jackson's in block-style nesting
      if (String.valueOf(e.getOriginalMessage()).startsWith("Nesting Depth exceeded")) {
        throw tooDeep(where, text);
      }
      throw new InvalidManifestException(
          where + ": invalid YAML" + YamlError.describe(e, text.line(), column));
    }
  }

  private static InvalidManifestException tooDeep(String where, DocumentText text) {
    return new InvalidManifestException(
        where
            + " (line "
            + text.line()
            + "): nested deeper than "
            + MAX_DEPTH
            + " levels, the most a document may nest");
  }

  /** The tree as a Kubernetes object; empty for a document without one (comments only). */
  static Optional<ObjectNode> object(String where, int line, JsonNode tree) {
    if (tree == null || tree.isMissingNode() || tree.isNull()) {
      return Optional.empty();
    }
    String at = where + " (line " + line + ")";
    if (!(tree instanceof ObjectNode object)) {
      throw new InvalidManifestException(
          at + ": not a Kubernetes object (a mapping with apiVersion and kind)");
    }
    for (String field : List.of("apiVersion", "kind")) {
      if (!object.path(field).isTextual() || object.path(field).asText().isBlank()) {
        throw new InvalidManifestException(at + ": field " + field + ": required");
      }
    }
    return Optional.of(object);
  }

  boolean usesAliases(String text) {
    if (text.indexOf('*') < 0) {
      return false;
    }
    try (JsonParser parser = yaml.createParser(text)) {
      while (parser.nextToken() != null) {
        if (parser instanceof YAMLParser yamlParser && yamlParser.isCurrentAlias()) {
          return true;
        }
      }
      return false;
    } catch (IOException e) {
      throw new UncheckedIOException("the document parsed once, and not twice", e);
    }
  }
}
