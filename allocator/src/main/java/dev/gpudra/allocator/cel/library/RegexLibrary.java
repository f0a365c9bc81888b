package dev.gpudra.allocator.cel.library;

import static dev.cel.common.CelFunctionDecl.newFunctionDeclaration;
import static dev.cel.common.CelOverloadDecl.newMemberOverload;

import dev.cel.common.types.ListType;
import dev.cel.common.types.SimpleType;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelFunctionBinding;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The Kubernetes regex library: {@code s.find(re)} (first match or {@code ""}) and {@code
 * s.findAll(re[, limit])}. Patterns use {@link java.util.regex} syntax, which accepts every RE2
 * pattern that matters for selectors but also a few that RE2 rejects (backreferences).
 */
public final class RegexLibrary {

  /** The declarations and bindings. */
  public FunctionLibrary library() {
    ListType strings = ListType.create(SimpleType.STRING);
    return new FunctionLibrary(
        List.of(
            newFunctionDeclaration(
                "find",
                newMemberOverload(
                    "string_find_string", SimpleType.STRING, SimpleType.STRING, SimpleType.STRING)),
            newFunctionDeclaration(
                "findAll",
                newMemberOverload(
                    "string_find_all_string", strings, SimpleType.STRING, SimpleType.STRING),
                newMemberOverload(
                    "string_find_all_string_int",
                    strings,
                    SimpleType.STRING,
                    SimpleType.STRING,
                    SimpleType.INT))),
        List.of(
            CelFunctionBinding.from(
                "string_find_string", String.class, String.class, RegexLibrary::find),
            CelFunctionBinding.from(
                "string_find_all_string",
                String.class,
                String.class,
                (s, re) -> findAll(s, re, -1)),
            CelFunctionBinding.from(
                "string_find_all_string_int",
                List.of(String.class, String.class, Long.class),
                args -> findAll((String) args[0], (String) args[1], (Long) args[2]))));
  }

  private static String find(String s, String regex) throws CelEvaluationException {
    Matcher m = compile(regex).matcher(s);
    return m.find() ? m.group() : "";
  }

  private static List<String> findAll(String s, String regex, long limit)
      throws CelEvaluationException {
    Matcher m = compile(regex).matcher(s);
    List<String> found = new ArrayList<>();
    while ((limit < 0 || found.size() < limit) && m.find()) {
      found.add(m.group());
    }
    return List.copyOf(found);
  }

  private static Pattern compile(String regex) throws CelEvaluationException {
    try {
      return Pattern.compile(regex);
    } catch (PatternSyntaxException e) {
      throw new CelEvaluationException("invalid regular expression: " + e.getDescription());
    }
  }
}
