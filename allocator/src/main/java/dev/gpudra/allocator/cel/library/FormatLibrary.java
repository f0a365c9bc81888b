package dev.gpudra.allocator.cel.library;

import static dev.cel.common.CelFunctionDecl.newFunctionDeclaration;
import static dev.cel.common.CelOverloadDecl.newMemberOverload;

import dev.cel.common.types.ListType;
import dev.cel.common.types.SimpleType;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelFunctionBinding;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code "template".format([args])} from cel-go's strings extension (which Kubernetes enables and
 * cel-java 0.14.0 lacks): {@code %s}, {@code %d}, {@code %f} / {@code %.Nf}, {@code %e}, {@code
 * %b}, {@code %o}, {@code %x}, {@code %X} and {@code %%}. Too few arguments, too many, or a verb
 * that does not fit its argument is an evaluation error, as there.
 */
public final class FormatLibrary {

  /** The declarations and bindings. */
  public FunctionLibrary library() {
    return new FunctionLibrary(
        List.of(
            newFunctionDeclaration(
                "format",
                newMemberOverload(
                    "string_format_list",
                    SimpleType.STRING,
                    SimpleType.STRING,
                    ListType.create(SimpleType.DYN)))),
        List.of(
            CelFunctionBinding.from(
                "string_format_list", String.class, List.class, FormatLibrary::format)));
  }

  static String format(String template, List<?> args) throws CelEvaluationException {
    StringBuilder out = new StringBuilder();
    int next = 0;
    for (int i = 0; i < template.length(); i++) {
      char c = template.charAt(i);
      if (c != '%') {
        out.append(c);
        continue;
      }
      if (++i >= template.length()) {
        throw new CelEvaluationException("format: unterminated verb at the end of the template");
      }
      int precision = -1;
      if (template.charAt(i) == '.') {
        int start = ++i;
        while (i < template.length() && Character.isDigit(template.charAt(i))) {
          i++;
        }
        precision = Integer.parseInt(template.substring(start, i));
      }
      char verb = template.charAt(i);
      if (verb == '%') {
        out.append('%');
        continue;
      }
      if (next >= args.size()) {
        throw new CelEvaluationException("format: index " + next + " out of range");
      }
      out.append(verb(verb, precision, args.get(next++)));
    }
    if (next < args.size()) {
      throw new CelEvaluationException("format: too many arguments supplied");
    }
    return out.toString();
  }

  private static String verb(char verb, int precision, Object arg) throws CelEvaluationException {
    return switch (verb) {
      case 's' -> text(arg);
      case 'd' -> integer(arg, 10);
      case 'b' -> arg instanceof Boolean b ? b.toString() : integer(arg, 2);
      case 'o' -> integer(arg, 8);
      case 'x' -> hex(arg).toLowerCase(Locale.ROOT);
      case 'X' -> hex(arg).toUpperCase(Locale.ROOT);
      case 'f' -> decimal(arg, precision < 0 ? 6 : precision);
      case 'e' ->
          String.format(Locale.ROOT, "%." + (precision < 0 ? 6 : precision) + "e", number(arg));
      default ->
          throw new CelEvaluationException("format: unrecognized formatting clause %" + verb);
    };
  }

  private static String text(Object arg) {
    return switch (arg) {
      case null -> "null";
      case String s -> s;
      case List<?> list ->
          list.stream().map(FormatLibrary::text).collect(Collectors.joining(", ", "[", "]"));
      case Map<?, ?> map ->
          map.entrySet().stream()
              .map(e -> text(e.getKey()) + ": " + text(e.getValue()))
              .collect(Collectors.joining(", ", "{", "}"));
      default -> arg.toString();
    };
  }

  private static String integer(Object arg, int radix) throws CelEvaluationException {
    if (arg instanceof Long l) {
      return Long.toString(l, radix);
    }
    throw new CelEvaluationException(
        "format: integer clause can only be used on integers, was given " + typeName(arg));
  }

  private static String hex(Object arg) throws CelEvaluationException {
    if (arg instanceof String s) {
      StringBuilder hex = new StringBuilder();
      for (byte b : s.getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
        hex.append(String.format("%02x", b));
      }
      return hex.toString();
    }
    return integer(arg, 16);
  }

  private static String decimal(Object arg, int precision) throws CelEvaluationException {
    return new BigDecimal(Double.toString(number(arg)))
        .setScale(precision, RoundingMode.HALF_EVEN)
        .toPlainString();
  }

  private static double number(Object arg) throws CelEvaluationException {
    return switch (arg) {
      case Double d -> d;
      case Long l -> l;
      default ->
          throw new CelEvaluationException(
              "format: fixed-point clause can only be used on doubles, was given " + typeName(arg));
    };
  }

  private static String typeName(Object arg) {
    return arg == null ? "null" : arg.getClass().getSimpleName();
  }
}
