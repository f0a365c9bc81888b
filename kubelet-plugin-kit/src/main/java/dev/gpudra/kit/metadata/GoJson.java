package dev.gpudra.kit.metadata;

import java.util.List;
import java.util.Map;

/**
 * Renders a tree of maps, lists, strings, longs and booleans as Go's {@code json.MarshalIndent(v,
 * "", " ")} does: maps in the order given (callers sort where Go sorts), two-space indent, {@code
 * "key": value}, HTML characters and U+2028/U+2029 escaped, lone surrogates as U+FFFD.
 */
final class GoJson {
  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private GoJson() {}

  static String pretty(Object value) {
    StringBuilder out = new StringBuilder();
    write(out, value, 0);
    return out.toString();
  }

  private static void write(StringBuilder out, Object value, int depth) {
    switch (value) {
      case String s -> quote(out, s);
      case Long n -> out.append(n.longValue());
      case Integer n -> out.append(n.intValue());
      case Boolean b -> out.append(b.booleanValue());
      case Map<?, ?> map -> object(out, map, depth);
      case List<?> list -> array(out, list, depth);
      default ->
          throw new IllegalArgumentException(
              "no JSON form for " + (value == null ? "null" : value.getClass().getName()));
    }
  }

  private static void object(StringBuilder out, Map<?, ?> map, int depth) {
    if (map.isEmpty()) {
      out.append("{}");
      return;
    }
    out.append('{');
    int i = 0;
    for (Map.Entry<?, ?> e : map.entrySet()) {
      out.append(i++ == 0 ? "\n" : ",\n");
      indent(out, depth + 1);
      quote(out, (String) e.getKey());
      out.append(": ");
      write(out, e.getValue(), depth + 1);
    }
    out.append('\n');
    indent(out, depth);
    out.append('}');
  }

  private static void array(StringBuilder out, List<?> list, int depth) {
    if (list.isEmpty()) {
      out.append("[]");
      return;
    }
    out.append('[');
    for (int i = 0; i < list.size(); i++) {
      out.append(i == 0 ? "\n" : ",\n");
      indent(out, depth + 1);
      write(out, list.get(i), depth + 1);
    }
    out.append('\n');
    indent(out, depth);
    out.append(']');
  }

  private static void indent(StringBuilder out, int depth) {
    out.append("  ".repeat(depth));
  }

  static void quote(StringBuilder out, String s) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < s.length()
          && Character.isLowSurrogate(s.charAt(i + 1))) {
        out.append(c).append(s.charAt(++i));
      } else if (Character.isSurrogate(c)) {
        out.append("\\ufffd");
      } else {
        escape(out, c);
      }
    }
    out.append('"');
  }

  private static void escape(StringBuilder out, char c) {
    switch (c) {
      case '"' -> out.append("\\\"");
      case '\\' -> out.append("\\\\");
      case '\b' -> out.append("\\b");
      case '\f' -> out.append("\\f");
      case '\n' -> out.append("\\n");
      case '\r' -> out.append("\\r");
      case '\t' -> out.append("\\t");
      default -> {
        if (c < 0x20 || c == '<' || c == '>' || c == '&' || c == '\u2028' || c == '\u2029') {
          out.append("\\u")
              .append(HEX[(c >> 12) & 0xf])
              .append(HEX[(c >> 8) & 0xf])
              .append(HEX[(c >> 4) & 0xf])
              .append(HEX[c & 0xf]);
        } else {
          out.append(c);
        }
      }
    }
  }
}
