package dev.gpudra.allocator;

import java.util.Objects;

/**
 * What one selector said about one device.
 *
 * @param kind whether the selector matched, did not, or failed
 * @param message the error text for {@link Kind#ERROR}; empty otherwise
 */
public record Verdict(Kind kind, String message) {

  /** The three answers a CEL selector can give. */
  public enum Kind {
    MATCH,
    NO_MATCH,
    ERROR
  }

  public Verdict {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(message, "message");
    if (kind == Kind.ERROR && message.isBlank()) {
      throw new IllegalArgumentException("an ERROR verdict needs a message");
    }
    if (kind != Kind.ERROR && !message.isEmpty()) {
      throw new IllegalArgumentException("only an ERROR verdict carries a message");
    }
  }

  public static Verdict match() {
    return new Verdict(Kind.MATCH, "");
  }

  public static Verdict noMatch() {
    return new Verdict(Kind.NO_MATCH, "");
  }

  public static Verdict error(String message) {
    return new Verdict(Kind.ERROR, message);
  }
}
