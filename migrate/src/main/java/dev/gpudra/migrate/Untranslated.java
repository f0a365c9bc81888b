package dev.gpudra.migrate;

import java.util.Objects;

/**
 * Something migrate left as it was, and why.
 *
 * @param where the document (and list item), e.g. {@code pods.yaml, document 2 (line 14)}
 * @param object the object, e.g. {@code Deployment team-a/train}
 * @param detail what and why, e.g. {@code container "app": nvidia.com/foo: not a resource of ...}
 */
public record Untranslated(String where, String object, String detail) {
  public Untranslated {
    Objects.requireNonNull(where, "where");
    Objects.requireNonNull(object, "object");
    Objects.requireNonNull(detail, "detail");
  }

  /** One line of the report. */
  public String line() {
    return where + ": " + object + ": " + detail + " (left unchanged)";
  }
}
