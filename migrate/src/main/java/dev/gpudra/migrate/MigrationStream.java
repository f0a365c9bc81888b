package dev.gpudra.migrate;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gpudra.migrate.manifest.ListHead;
import dev.gpudra.migrate.manifest.ListItem;
import dev.gpudra.migrate.manifest.ListTail;
import dev.gpudra.migrate.manifest.ManifestDocument;
import dev.gpudra.migrate.manifest.ManifestPart;
import dev.gpudra.migrate.manifest.ManifestWriter;
import dev.gpudra.migrate.manifest.OutputDocument;
import java.util.ArrayList;
import java.util.List;

/**
 * One translation of a manifest stream, part by part ({@link Migrator#stream}): each part's output
 * goes to the sink before the next part is read, so memory is bounded by the largest document or
 * list item. A document (or list item) that cannot be translated whole is written as it came. Not
 * thread-safe.
 */
public final class MigrationStream {
  private final Migrator migrator;
  private final MigrationSink sink;
  private final ManifestWriter writer = new ManifestWriter();
  private TemplateNames names = new TemplateNames();
  private boolean complete = true;

  MigrationStream(Migrator migrator, MigrationSink sink) {
    this.migrator = migrator;
    this.sink = sink;
  }

  /** Translates {@code part} and writes its output. */
  public void accept(ManifestPart part) {
    switch (part) {
      case ManifestDocument document -> document(document);
      case ListHead head -> sink.document(head.text());
      case ListItem item -> item(item);
      case ListTail tail -> sink.append(tail.text());
    }
  }

  /** Whether everything so far was translated. */
  public boolean complete() {
    return complete;
  }

  private void document(ManifestDocument document) {
    if (document.object().isEmpty()) {
      sink.document(document.text());
      return;
    }
    TemplateNames attempt = names.copy();
    List<Untranslated> problems = new ArrayList<>();
    List<ObjectNode> translated = migrator.translate(document, attempt, problems);
    if (!translated.isEmpty() && problems.isEmpty() && document.usesAliases()) {
      problems.add(aliases(document.where(), document.object().get()));
    }
    if (translated.isEmpty() || !problems.isEmpty()) {
      sink.document(document.text());
      report(problems);
      return;
    }
    names = attempt;
    for (int i = 0; i < translated.size(); i++) {
      boolean last = i == translated.size() - 1;
      sink.document(
          writer.document(
              new OutputDocument.Written(
                  last ? document.leadingComments() : "", translated.get(i))));
    }
  }

  private void item(ListItem item) {
    if (!(item.node() instanceof ObjectNode object)) {
      sink.append(item.text());
      return;
    }
    TemplateNames attempt = names.copy();
    String label = Migrator.label(object);
    ObjectOutcome outcome =
        migrator.objects.migrate(object, attempt, label + " (" + item.where() + ")");
    List<Untranslated> problems = new ArrayList<>();
    outcome.problems().forEach(p -> problems.add(new Untranslated(item.where(), label, p)));
    if (outcome.rewritten().isPresent() && problems.isEmpty() && item.usesAliases()) {
      problems.add(aliases(item.where(), object));
    }
    if (outcome.rewritten().isEmpty() || !problems.isEmpty()) {
      sink.append(item.text());
      report(problems);
      return;
    }
    names = attempt;
    outcome.templates().forEach(t -> sink.append(writer.item(t, item.indent())));
    sink.append(writer.item(outcome.rewritten().get(), item.indent()));
  }

  private static Untranslated aliases(String where, ObjectNode object) {
    return new Untranslated(
        where,
        Migrator.label(object),
        "uses YAML aliases (*name), which a rewritten document would lose");
  }

  private void report(List<Untranslated> problems) {
    if (!problems.isEmpty()) {
      complete = false;
      problems.forEach(sink::untranslated);
    }
  }
}
