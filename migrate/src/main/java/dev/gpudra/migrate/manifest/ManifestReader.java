package dev.gpudra.migrate.manifest;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads a stream of YAML (or JSON) documents into {@link ManifestDocument}s. Duplicate keys are
 * errors, as the API server's strict decoding makes them. Thread-safe.
 */
public final class ManifestReader {
  private final YAMLMapper yaml =
      YAMLMapper.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

  /**
   * @param source the file name, for messages
   * @param stream the file's text
   * @throws InvalidManifestException naming the source, document and line of the first problem
   */
  public List<ManifestDocument> read(String source, String stream) {
    List<ManifestDocument> documents = new ArrayList<>();
    for (DocumentText text : DocumentText.split(stream)) {
      documents.add(parse(source, documents.size() + 1, text));
    }
    return List.copyOf(documents);
  }

  private ManifestDocument parse(String source, int index, DocumentText text) {
    String where = source + ", document " + index;
    JsonNode tree;
    try {
      tree = yaml.readTree(text.text());
    } catch (JsonProcessingException e) {
      throw new InvalidManifestException(
          where + ": invalid YAML" + YamlError.describe(e, text.line()));
    }
    Optional<ObjectNode> object = object(where + " (line " + text.line() + ")", tree);
    return new ManifestDocument(
        source,
        index,
        text.line(),
        text.text(),
        text.leadingComments(),
        object,
        object.isPresent() && usesAliases(text.text()));
  }

  private static Optional<ObjectNode> object(String where, JsonNode tree) {
    if (tree == null || tree.isMissingNode() || tree.isNull()) {
      return Optional.empty();
    }
    if (!(tree instanceof ObjectNode object)) {
      throw new InvalidManifestException(
          where + ": not a Kubernetes object (a mapping with apiVersion and kind)");
    }
    for (String field : List.of("apiVersion", "kind")) {
      if (!object.path(field).isTextual() || object.path(field).asText().isBlank()) {
        throw new InvalidManifestException(where + ": field " + field + ": required");
      }
    }
    return Optional.of(object);
  }

  private boolean usesAliases(String text) {
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
