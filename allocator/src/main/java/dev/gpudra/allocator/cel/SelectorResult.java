package dev.gpudra.allocator.cel;

import java.util.Objects;

/** The outcome of evaluating one selector against one device. */
public sealed interface SelectorResult {

  /** The selector evaluated to {@code true}. */
  record Match() implements SelectorResult {}

  /** The selector evaluated to {@code false}. */
  record NoMatch() implements SelectorResult {}

  /**
   * Evaluation failed; the scheduler treats this as "no match" and reports the message.
   *
   * @param message what went wrong, worded like the scheduler ({@code no such key: uuid})
   */
  record EvaluationError(String message) implements SelectorResult {
    public EvaluationError {
      Objects.requireNonNull(message, "message");
    }
  }

  /** {@link Match} or {@link NoMatch}. */
  static SelectorResult of(boolean matched) {
    return matched ? new Match() : new NoMatch();
  }

  /** Whether this is a {@link Match}. */
  default boolean matched() {
    return this instanceof Match;
  }

  /** {@code true}, {@code false} or {@code error: <message>}, as {@code selector test} prints. */
  default String describe() {
    return switch (this) {
      case Match m -> "true";
      case NoMatch n -> "false";
      case EvaluationError e -> "error: " + e.message();
    };
  }
}
