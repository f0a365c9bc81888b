package dev.gpudra.cli;

import dev.gpudra.migrate.MigrationSink;
import dev.gpudra.migrate.Untranslated;
import java.io.PrintWriter;

/**
 * {@code migrate}'s output as it comes: documents on stdout, separated by {@code ---} lines; what
 * was left untranslated on stderr, a line each.
 */
final class MigrateOutput implements MigrationSink {
  private final PrintWriter out;
  private final PrintWriter err;
  private boolean first = true;

  MigrateOutput(PrintWriter out, PrintWriter err) {
    this.out = out;
    this.err = err;
  }

  @Override
  public void document(String text) {
    if (!first) {
      out.print("---\n");
    }
    first = false;
    out.print(text);
  }

  @Override
  public void append(String text) {
    out.print(text);
  }

  @Override
  public void untranslated(Untranslated what) {
    err.println(what.line());
  }

  void flush() {
    out.flush();
    err.flush();
  }
}
