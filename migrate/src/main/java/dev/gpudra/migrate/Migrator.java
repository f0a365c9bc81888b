package dev.gpudra.migrate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gpudra.migrate.manifest.ManifestDocument;
import dev.gpudra.migrate.manifest.ManifestPart;
import dev.gpudra.migrate.manifest.OutputDocument;
import dev.gpudra.migrate.resources.ResourceCatalog;
import java.util.ArrayList;
import java.util.List;

/**
 * Rewrites the workloads of a manifest stream that ask for device-plugin resources into DRA: each
 * document in turn, a list's items each as an object of its own. Thread-safe: every call and every
 * stream starts from no generated templates.
 */
public final class Migrator {
  final ObjectMigrator objects;

  /**
   * @param catalog what the device plugin's resources are, under its config (or none)
   */
  public Migrator(ResourceCatalog catalog) {
    this.objects = new ObjectMigrator(catalog);
  }

  /**
   * Translates the parts, of one or several sources, in their order, in memory: a list read item by
   * item becomes one document.
   */
  public MigrationResult migrate(List<? extends ManifestPart> parts) {
    List<StringBuilder> documents = new ArrayList<>();
    List<Untranslated> report = new ArrayList<>();
    MigrationStream stream =
        stream(
            new MigrationSink() {
              @Override
              public void document(String text) {
                documents.add(new StringBuilder(text));
              }

              @Override
              public void append(String text) {
                documents.getLast().append(text);
              }

              @Override
              public void untranslated(Untranslated what) {
                report.add(what);
              }
            });
    parts.forEach(stream::accept);
    return new MigrationResult(
        documents.stream()
            .map(d -> (OutputDocument) new OutputDocument.Verbatim(d.toString()))
            .toList(),
        report);
  }

  /** A translation that hands on each part's output as soon as it is read. */
  public MigrationStream stream(MigrationSink sink) {
    return new MigrationStream(this, sink);
  }

  /** The objects to write for the document (its templates, then it), or none to keep it. */
  List<ObjectNode> translate(
      ManifestDocument document, TemplateNames names, List<Untranslated> problems) {
    ObjectNode object = document.object().orElseThrow();
    if (isList(object)) {
      return translateList(document, object, names, problems);
    }
    ObjectOutcome outcome =
        objects.migrate(object, names, label(object) + " (" + document.where() + ")");
    outcome
        .problems()
        .forEach(p -> problems.add(new Untranslated(document.where(), label(object), p)));
    if (outcome.rewritten().isEmpty()) {
      return List.of();
    }
    List<ObjectNode> written = new ArrayList<>(outcome.templates());
    written.add(outcome.rewritten().get());
    return written;
  }

  private List<ObjectNode> translateList(
      ManifestDocument document,
      ObjectNode list,
      TemplateNames names,
      List<Untranslated> problems) {
    ArrayNode items = list.arrayNode();
    boolean changed = false;
    JsonNode input = list.path("items");
    for (int i = 0; i < input.size(); i++) {
      if (!(input.get(i) instanceof ObjectNode item)) {
        items.add(input.get(i));
        continue;
      }
      String where = document.where() + ", item " + (i + 1);
      ObjectOutcome outcome = objects.migrate(item, names, label(item) + " (" + where + ")");
      outcome.problems().forEach(p -> problems.add(new Untranslated(where, label(item), p)));
      outcome.templates().forEach(items::add);
      items.add(outcome.rewritten().orElse(item));
      changed |= outcome.rewritten().isPresent();
    }
    if (!changed) {
      return List.of();
    }
    ObjectNode rewritten = list.deepCopy();
    rewritten.set("items", items);
    return List.of(rewritten);
  }

  private static boolean isList(JsonNode object) {
    return object.path("kind").asText().equals("List")
        && object.path("apiVersion").asText().equals("v1")
        && object.path("items").isArray();
  }

  /** {@code Kind namespace/name}, {@code Kind name} without a namespace. */
  static String label(JsonNode object) {
    JsonNode metadata = object.path("metadata");
    String name = metadata.path("name").asText(metadata.path("generateName").asText(""));
    String namespace = metadata.path("namespace").asText("");
    return object.path("kind").asText("object")
        + " "
        + (namespace.isEmpty() ? name : namespace + "/" + name);
  }
}
