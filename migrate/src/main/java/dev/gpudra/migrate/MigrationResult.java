package dev.gpudra.migrate;

import dev.gpudra.migrate.manifest.OutputDocument;
import java.util.List;

/**
 * What a migration gives.
 *
 * @param documents the output stream's documents: every input document, in order, each rewritten
 *     one after the claim templates it uses
 * @param untranslated what was left unchanged, and why; empty when everything was translated
 */
public record MigrationResult(List<OutputDocument> documents, List<Untranslated> untranslated) {
  public MigrationResult {
    documents = List.copyOf(documents);
    untranslated = List.copyOf(untranslated);
  }

  /** Whether everything was translated. */
  public boolean complete() {
    return untranslated.isEmpty();
  }
}
