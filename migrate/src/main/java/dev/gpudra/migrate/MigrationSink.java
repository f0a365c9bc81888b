package dev.gpudra.migrate;

/** Where a {@link MigrationStream} puts its output, as it goes. */
public interface MigrationSink {
  /** Starts an output document with {@code text} (the sink separates it from the one before). */
  void document(String text);

  /** More of the current output document: a list's next items, or its tail. */
  void append(String text);

  /** Something left unchanged, and why. */
  void untranslated(Untranslated what);
}
