package dev.gpudra.kit.cdi;

/**
 * YAML double-quoted scalars as SnakeYAML (under Jackson's YAML mapper) writes them: printable
 * characters as they are; the quote, the backslash and YAML's named escapes as a backslash and a
 * letter; any other character as a backslash, {@code x} and two hex digits, or {@code u} and four.
 */
final class YamlQuoting {
  private static final String NAMED = "\0\u0007\b\t\n\u000B\f\r\u001B\"\\\u0085\u00A0\u2028\u2029";
  private static final String NAMES = "0abtnvfre\"\\N_LP";

  private YamlQuoting() {}

  static StringBuilder quote(String text, StringBuilder out) {
    out.append('"');
    int plain = 0; // start of the run of characters copied as they are
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c >= 0x20 && c <= 0x7E && c != '"' && c != '\\') {
        continue;
      }
      out.append(text, plain, i);
      int named = NAMED.indexOf(c);
      if (named >= 0) {
        out.append('\\').append(NAMES.charAt(named));
      } else if (Character.isHighSurrogate(c)
          && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        out.append(c).append(text.charAt(++i)); // a pair: printable
      } else if (printable(c)) {
        out.append(c);
      } else {
        hex(c, out);
      }
      plain = i + 1;
    }
    return out.append(text, plain, text.length()).append('"');
  }

  /** YAML's printable characters of the basic plane (surrogates are never printable alone). */
  private static boolean printable(char c) {
    return (c >= 0xA0 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD);
  }

  private static void hex(char c, StringBuilder out) {
    String digits = Integer.toHexString(c);
    if (c <= 0xFF) {
      out.append("\\x").repeat('0', 2 - digits.length());
    } else {
      out.append("\\u").repeat('0', 4 - digits.length());
    }
    out.append(digits);
  }
}
