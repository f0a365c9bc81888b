package dev.gpudra.migrate.manifest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Writes documents as one YAML stream separated by {@code ---} lines, the form {@code kubectl apply
 * -f} takes. Strings are quoted only where YAML would read them as something else (numbers,
 * booleans, null); multi-line strings are literal blocks. Thread-safe.
 */
public final class ManifestWriter {
  private final YAMLMapper yaml =
      YAMLMapper.builder()
          .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
          .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
          .enable(YAMLGenerator.Feature.LITERAL_BLOCK_STYLE)
          .disable(YAMLGenerator.Feature.SPLIT_LINES)
          .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
          .build();

  /** The stream; empty for no documents. */
  public String write(List<OutputDocument> documents) {
    return documents.stream().map(this::document).collect(Collectors.joining("---\n"));
  }

  /** One document of the stream, without the {@code ---} line before it. */
  public String document(OutputDocument document) {
    return switch (document) {
      case OutputDocument.Verbatim verbatim -> verbatim.text();
      case OutputDocument.Written written -> written.leadingComments() + yaml(written);
    };
  }

  /** {@code object} as an item of a block sequence whose {@code -} is at column {@code indent}. */
  public String item(ObjectNode object, int indent) {
    String margin = " ".repeat(indent);
    StringBuilder item = new StringBuilder();
    String prefix = margin + "- ";
    for (String line : yaml(object).split("\n", -1)) {
      if (!line.isEmpty()) {
        item.append(prefix).append(line);
      }
      item.append('\n');
      prefix = margin + "  ";
    }
    return item.toString().stripTrailing() + "\n";
  }

  private String yaml(OutputDocument.Written written) {
    return yaml(written.object());
  }

  private String yaml(ObjectNode object) {
    try {
      return yaml.writeValueAsString(object);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException("cannot write a tree that was read as YAML", e);
    }
  }
}
