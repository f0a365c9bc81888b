package dev.gpudra.migrate.manifest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;

/** One document of the output stream: a document as it came, or an object written anew. */
public sealed interface OutputDocument {

  /** An input document, unchanged: its text as written. */
  record Verbatim(String text) implements OutputDocument {
    public Verbatim {
      Objects.requireNonNull(text, "text");
    }
  }

  /**
   * An object written as YAML: a rewritten workload, below the comments its input started with, or
   * a new one (no comments).
   */
  record Written(String leadingComments, ObjectNode object) implements OutputDocument {
    public Written {
      Objects.requireNonNull(leadingComments, "leadingComments");
      Objects.requireNonNull(object, "object");
    }
  }
}
