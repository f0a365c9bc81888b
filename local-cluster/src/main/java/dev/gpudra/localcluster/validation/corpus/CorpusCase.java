package dev.gpudra.localcluster.validation.corpus;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;

/**
 * One case of the corpus: an object sent on create, or (with {@code update}) created as given and
 * then replaced by {@code update}, whose verdict is the case's.
 *
 * @param file the corpus file it comes from, for messages
 * @param target where the update goes ({@link Target#OBJECT} for a create)
 * @param expected the real API server's verdict where the corpus states it
 * @param messages the real API server's messages ({@code <field>: <message>}, sorted) where the
 *     corpus states them; empty where it does not
 */
public record CorpusCase(
    String name,
    String file,
    JsonNode object,
    Optional<JsonNode> update,
    Target target,
    Optional<Verdict> expected,
    List<String> messages) {
  public CorpusCase {
    messages = messages.stream().sorted().toList();
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException(file + ": a case needs a name");
    }
    if (object == null || !object.isObject()) {
      throw new IllegalArgumentException(file + ": case '" + name + "' has no object");
    }
  }

  /** The object whose verdict is the case's: the update where there is one. */
  public JsonNode sent() {
    return update.orElse(object);
  }

  public String kind() {
    return object.path("kind").asText();
  }

  @Override
  public String toString() {
    return name;
  }
}
