package dev.gpudra.buildtools.docs;

/**
 * Java source with its string and char literals (text blocks included) blanked, lines kept: the
 * file names a comment gives are claims about the repository, those in a test's strings are data.
 */
final class JavaLiterals {
  private JavaLiterals() {}

  static String blanked(String source) {
    StringBuilder out = new StringBuilder(source);
    int i = 0;
    while (i < source.length()) {
      if (source.startsWith("//", i)) {
        i = indexOrEnd(source, "\n", i);
      } else if (source.startsWith("/*", i)) {
        i = indexOrEnd(source, "*/", i + 2) + 2;
      } else if (source.startsWith("\"\"\"", i)) {
        i = blank(out, source, i + 3, "\"\"\"");
      } else if (source.charAt(i) == '"' || source.charAt(i) == '\'') {
        i = blank(out, source, i + 1, String.valueOf(source.charAt(i)));
      } else {
        i++;
      }
    }
    return out.toString();
  }

  /** Blanks up to the unescaped closing delimiter; returns the index after it. */
  private static int blank(StringBuilder out, String source, int from, String close) {
    int i = from;
    while (i < source.length() && !source.startsWith(close, i)) {
      if (source.charAt(i) == '\\') {
        out.setCharAt(i, ' ');
        i++;
      }
      if (i < source.length() && source.charAt(i) != '\n') {
        out.setCharAt(i, ' ');
      }
      i++;
    }
    return Math.min(source.length(), i + close.length());
  }

  private static int indexOrEnd(String source, String text, int from) {
    int index = source.indexOf(text, from);
    return index < 0 ? source.length() : index;
  }
}
