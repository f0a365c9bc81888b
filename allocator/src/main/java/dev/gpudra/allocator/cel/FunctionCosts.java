package dev.gpudra.allocator.cel;

import static dev.gpudra.allocator.cel.Estimate.add;
import static dev.gpudra.allocator.cel.Estimate.multiply;
import static dev.gpudra.allocator.cel.Estimate.traversal;

import java.util.List;
import java.util.Set;

/**
 * The cost of one function call, excluding its arguments, and the size of its result. Strings cost
 * one unit per ten characters traversed, list functions one per element (n·log n for sorts, n² for
 * distinct and the sets functions), everything else one unit.
 */
final class FunctionCosts {
  private static final Set<String> STRING_TRAVERSALS =
      Set.of(
          "contains",
          "startsWith",
          "endsWith",
          "lowerAscii",
          "upperAscii",
          "trim",
          "replace",
          "split",
          "substring",
          "charAt",
          "quote",
          "strings.quote",
          "string");
  private static final Set<String> REGEX = Set.of("matches", "find", "findAll");
  private static final Set<String> LINEAR_LIST =
      Set.of("isSorted", "sum", "min", "max", "slice", "reverse", "flatten", "lists.range");
  private static final Set<String> COMPARISONS =
      Set.of("_==_", "_!=_", "_<_", "_<=_", "_>_", "_>=_");

  /** Estimate of {@code function} applied to {@code args} (receiver first), args included. */
  Estimate call(String function, List<Estimate> args, long argCost, long constant) {
    long own = ownCost(function, args, constant);
    Estimate result = resultSize(function, args, constant);
    return result.withCost(add(argCost, own));
  }

  private long ownCost(String function, List<Estimate> args, long constant) {
    long first = args.isEmpty() ? 1 : args.get(0).size();
    long second = args.size() < 2 ? 1 : args.get(1).size();
    if (STRING_TRAVERSALS.contains(function)) {
      return 1 + traversal(first);
    }
    if (REGEX.contains(function)) {
      return 1 + multiply(traversal(first), Math.max(1, second));
    }
    if (LINEAR_LIST.contains(function)) {
      return 1 + (function.equals("lists.range") ? Math.max(0, constant) : first);
    }
    return switch (function) {
      case "indexOf", "lastIndexOf" -> 1 + Math.max(traversal(first), first);
      case "_+_", "join" -> 1 + traversal(add(first, multiply(second, 1)));
      case "sort", "sortBy" -> 1 + multiply(first, 64 - Long.numberOfLeadingZeros(first));
      case "distinct" -> 1 + multiply(first, first);
      case "sets.contains", "sets.equivalent", "sets.intersects" -> 1 + multiply(first, second);
      default -> COMPARISONS.contains(function) ? 1 + traversal(Math.min(first, second)) : 1;
    };
  }

  private Estimate resultSize(String function, List<Estimate> args, long constant) {
    Estimate first = args.isEmpty() ? Estimate.scalar(0) : args.get(0);
    long s = first.size();
    return switch (function) {
      case "lowerAscii",
          "upperAscii",
          "trim",
          "substring",
          "find",
          "sort",
          "sortBy",
          "reverse",
          "distinct",
          "slice" ->
          Estimate.sized(0, s, first.elementSize());
      case "quote", "strings.quote" -> Estimate.sized(0, add(multiply(s, 2), 2), 0);
      case "replace" -> Estimate.sized(0, multiply(s, Math.max(1, sizeOf(args, 2))), 0);
      case "split", "findAll" -> Estimate.sized(0, add(s, 1), s);
      case "join" -> Estimate.sized(0, multiply(s, add(first.elementSize(), sizeOf(args, 1))), 0);
      case "_+_" -> Estimate.sized(0, add(s, sizeOf(args, 1)), first.elementSize());
      case "flatten" ->
          Estimate.sized(0, multiply(s, Math.max(1, first.elementSize())), Estimate.UNKNOWN_SIZE);
      case "lists.range" -> Estimate.sized(0, constant >= 0 ? constant : Estimate.UNKNOWN_SIZE, 1);
      case "string" -> Estimate.sized(0, Math.max(s, 32), 0);
      case "min", "max" -> Estimate.sized(0, Math.max(1, first.elementSize()), 0);
      default -> Estimate.scalar(0);
    };
  }

  private static long sizeOf(List<Estimate> args, int index) {
    return args.size() > index ? args.get(index).size() : 1;
  }
}
