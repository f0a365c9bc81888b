package dev.gpudra.allocator.cel;

import static dev.gpudra.allocator.cel.Estimate.add;
import static dev.gpudra.allocator.cel.Estimate.multiply;

import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.common.ast.CelConstant;
import dev.cel.common.ast.CelExpr;
import dev.cel.common.ast.CelExpr.CelCall;
import dev.cel.common.ast.CelExpr.CelComprehension;
import dev.gpudra.allocator.cel.Estimate.Shape;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A static worst-case cost estimate of a checked expression, in the spirit of cel-go's estimator
 * with Kubernetes' size bounds for device data (at most 32 domains and 32 names per domain, domains
 * ≤63, names ≤32, string values ≤64 characters).
 *
 * <p>Each identifier, field selection and call costs one unit (presence tests with {@code has()}
 * cost nothing, as in Kubernetes); list, map and struct literals cost 10, 30 and 40; strings cost
 * one unit per ten characters traversed ({@link FunctionCosts}). A comprehension costs its range
 * and initialiser plus, per possible iteration, its condition and step, so nesting multiplies: four
 * nested loops over attribute maps (32⁴ iterations) exceed 1,000,000. Sizes that cannot be bounded
 * from the expression (accumulated results) are taken as {@value Estimate#UNKNOWN_SIZE}.
 */
final class CostEstimator {
  private final FunctionCosts functions = new FunctionCosts();

  /** The estimated worst-case cost of {@code ast}. */
  long estimate(CelAbstractSyntaxTree ast) {
    return estimate(ast.getExpr(), Map.of()).cost();
  }

  private Estimate estimate(CelExpr e, Map<String, Estimate> scope) {
    return switch (e.getKind()) {
      case CONSTANT -> constant(e.constant());
      case IDENT -> ident(e.ident().name(), scope);
      case SELECT ->
          e.select().testOnly()
              ? Estimate.scalar(estimate(e.select().operand(), scope).cost())
              : member(estimate(e.select().operand(), scope), e.select().field());
      case CALL -> call(e.call(), scope);
      case LIST -> literal(e.list().elements(), 10, scope);
      case MAP -> mapLiteral(e, scope);
      case STRUCT -> Estimate.scalar(add(40, sumCosts(structValues(e), scope)));
      case COMPREHENSION -> comprehension(e.comprehension(), scope);
      default -> Estimate.scalar(1);
    };
  }

  private static Estimate constant(CelConstant c) {
    return switch (c.getKind()) {
      case STRING_VALUE -> Estimate.sized(0, c.stringValue().length(), 0);
      case BYTES_VALUE -> Estimate.sized(0, c.bytesValue().size(), 0);
      default -> Estimate.scalar(0);
    };
  }

  private static Estimate ident(String name, Map<String, Estimate> scope) {
    Estimate bound = scope.get(name);
    if (bound != null) {
      return bound.withCost(1);
    }
    if (name.equals(DeviceType.VARIABLE)) {
      return new Estimate(1, 1, 0, Shape.DEVICE);
    }
    return Estimate.sized(1, Estimate.UNKNOWN_SIZE, Estimate.UNKNOWN_SIZE);
  }

  /** A field selection or index on {@code operand}, honouring the device size bounds. */
  private static Estimate member(Estimate operand, String field) {
    long cost = add(operand.cost(), 1);
    return switch (operand.shape()) {
      case DEVICE ->
          field.equals(DeviceType.DRIVER)
              ? Estimate.sized(cost, Estimate.MAX_DOMAIN_LENGTH, 0)
              : new Estimate(cost, Estimate.MAX_ENTRIES, Estimate.MAX_DOMAIN_LENGTH, Shape.DOMAINS);
      case DOMAINS -> new Estimate(cost, Estimate.MAX_ENTRIES, Estimate.MAX_ID_LENGTH, Shape.IDS);
      case IDS -> Estimate.sized(cost, Estimate.MAX_VALUE_LENGTH, 0);
      case OTHER -> Estimate.sized(cost, Math.max(1, operand.elementSize()), Estimate.UNKNOWN_SIZE);
    };
  }

  private Estimate call(CelCall call, Map<String, Estimate> scope) {
    List<Estimate> args = new ArrayList<>();
    call.target().ifPresent(t -> args.add(estimate(t, scope)));
    call.args().forEach(a -> args.add(estimate(a, scope)));
    long argCost = args.stream().mapToLong(Estimate::cost).reduce(0, Estimate::add);
    String function = call.function();
    if (function.equals("_[_]") || function.equals("_[?_]")) {
      return member(args.get(0), "").plusCost(args.get(1).cost());
    }
    if (function.equals("_?_:_")) {
      long branches = Math.max(args.get(1).cost(), args.get(2).cost());
      return args.get(1).withCost(add(args.get(0).cost(), branches));
    }
    if (function.equals("_&&_") || function.equals("_||_") || function.equals("!_")) {
      return Estimate.scalar(argCost);
    }
    return functions.call(function, args, argCost, constantInt(call));
  }

  private Estimate comprehension(CelComprehension c, Map<String, Estimate> scope) {
    Estimate range = estimate(c.iterRange(), scope);
    Estimate init = estimate(c.accuInit(), scope);
    long iterations = range.size();
    Map<String, Estimate> inner = new HashMap<>(scope);
    inner.put(
        c.iterVar(), Estimate.sized(1, Math.max(1, range.elementSize()), Estimate.UNKNOWN_SIZE));
    if (!c.iterVar2().isEmpty()) {
      inner.put(c.iterVar2(), Estimate.sized(1, Estimate.UNKNOWN_SIZE, Estimate.UNKNOWN_SIZE));
    }
    Estimate accu =
        iterations == 0
            ? init
            : Estimate.sized(1, add(init.size(), iterations), Estimate.UNKNOWN_SIZE);
    inner.put(c.accuVar(), accu);
    long perIteration =
        add(estimate(c.loopCondition(), inner).cost(), estimate(c.loopStep(), inner).cost());
    Estimate result = estimate(c.result(), inner);
    long cost = add(add(range.cost(), init.cost()), multiply(iterations, perIteration));
    return result.withCost(add(cost, result.cost()));
  }

  private Estimate literal(List<CelExpr> elements, long base, Map<String, Estimate> scope) {
    long cost = base;
    long largest = 0;
    for (CelExpr element : elements) {
      Estimate e = estimate(element, scope);
      cost = add(cost, e.cost());
      largest = Math.max(largest, e.size());
    }
    return Estimate.sized(cost, elements.size(), largest);
  }

  private Estimate mapLiteral(CelExpr e, Map<String, Estimate> scope) {
    List<CelExpr> keys = new ArrayList<>();
    List<CelExpr> values = new ArrayList<>();
    e.map()
        .entries()
        .forEach(entry -> {
          keys.add(entry.key());
          values.add(entry.value());
        });
    Estimate keyEstimate = literal(keys, 30, scope);
    return keyEstimate.plusCost(sumCosts(values, scope));
  }

  private static List<CelExpr> structValues(CelExpr e) {
    return e.struct().entries().stream().map(entry -> entry.value()).toList();
  }

  private long sumCosts(List<CelExpr> exprs, Map<String, Estimate> scope) {
    return exprs.stream().mapToLong(x -> estimate(x, scope).cost()).reduce(0, Estimate::add);
  }

  /** The literal int argument of {@code lists.range(n)}, or −1. */
  private static long constantInt(CelCall call) {
    if (!call.function().equals("lists.range") || call.args().size() != 1) {
      return -1;
    }
    CelExpr arg = call.args().get(0);
    return arg.getKind() == CelExpr.ExprKind.Kind.CONSTANT
            && arg.constant().getKind() == CelConstant.Kind.INT64_VALUE
        ? arg.constant().int64Value()
        : -1;
  }
}
