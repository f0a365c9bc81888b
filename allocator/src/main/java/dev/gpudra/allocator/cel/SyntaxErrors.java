package dev.gpudra.allocator.cel;

import java.util.regex.Pattern;

/**
 * Words parser errors as cel-go does, so messages read like the API server's: cel-go prefixes each
 * error its ANTLR grammar reports with {@code Syntax error: } ({@code ERROR: <input>:1:17: Syntax
 * error: mismatched input '<EOF>' ...}); cel-java reports the same ANTLR text without it. Errors of
 * the macro expander and the type checker keep their words in both.
 */
final class SyntaxErrors {
  private static final Pattern ANTLR_ERROR =
      Pattern.compile(
          "(?m)^(ERROR: [^\\n]*?:\\d+:\\d+: )(?=mismatched input |extraneous input |no viable"
              + " alternative at input |missing .* at |token recognition error at)");

  private SyntaxErrors() {}

  static String asApiServer(String message) {
    return ANTLR_ERROR.matcher(message).replaceAll("$1Syntax error: ");
  }
}
