package dev.gpudra.migrate;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What became of one object.
 *
 * @param templates the claim templates it needs, in its containers' order
 * @param rewritten the object rewritten; empty when it stays as it was
 * @param problems why it stays as it was, if it asked for device-plugin resources
 */
record ObjectOutcome(
    List<ObjectNode> templates, Optional<ObjectNode> rewritten, List<String> problems) {
  ObjectOutcome {
    templates = List.copyOf(templates);
    Objects.requireNonNull(rewritten, "rewritten");
    problems = List.copyOf(problems);
  }

  static ObjectOutcome unchanged() {
    return new ObjectOutcome(List.of(), Optional.empty(), List.of());
  }

  static ObjectOutcome untranslated(List<String> problems) {
    return new ObjectOutcome(List.of(), Optional.empty(), problems);
  }

  static ObjectOutcome rewritten(List<ObjectNode> templates, ObjectNode object) {
    return new ObjectOutcome(templates, Optional.of(object), List.of());
  }
}
