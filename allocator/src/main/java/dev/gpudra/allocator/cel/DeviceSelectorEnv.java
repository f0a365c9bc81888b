package dev.gpudra.allocator.cel;

import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.common.CelValidationException;
import dev.cel.common.ast.CelExpr;
import dev.cel.common.navigation.CelNavigableAst;
import dev.cel.common.navigation.CelNavigableExpr;
import dev.cel.common.types.CelKind;
import dev.cel.common.types.CelType;
import dev.cel.runtime.CelEvaluationException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * The Kubernetes DRA CEL environment for device selectors, on cel-java. Compiles an expression the
 * way the API server validates it (length, syntax, types, bool result, estimated cost) and returns
 * a {@link CompiledSelector} that evaluates it the way the scheduler does.
 *
 * <p>Thread-safe. Compiled selectors are cached by expression text (bounded LRU, {@link
 * SelectorEnvOptions#cacheCapacity()} entries); failures are not cached.
 */
public final class DeviceSelectorEnv {
  private final SelectorEnvOptions options;
  private final CelEnvironment cel;
  private final CostEstimator estimator = new CostEstimator();
  private final DeviceActivation activation = new DeviceActivation();
  private final SelectorCache cache;

  /** An environment with the given feature gates and limits. */
  public DeviceSelectorEnv(SelectorEnvOptions options) {
    this.options = Objects.requireNonNull(options, "options");
    this.cel = new CelEnvironment(options);
    this.cache = new SelectorCache(options.cacheCapacity());
  }

  /** The options this environment was built with. */
  public SelectorEnvOptions options() {
    return options;
  }

  /**
   * Compiles {@code expression}, or returns the cached result of an earlier compile.
   *
   * @throws SelectorCompileException when Kubernetes would reject the selector
   */
  public CompiledSelector compile(String expression) {
    Objects.requireNonNull(expression, "expression");
    return cache.get(expression).orElseGet(() -> cache.putIfAbsent(compileUncached(expression)));
  }

  /** How many compiled selectors are cached. */
  public int cachedSelectors() {
    return cache.size();
  }

  private CompiledSelector compileUncached(String expression) {
    int bytes = expression.getBytes(StandardCharsets.UTF_8).length;
    if (bytes > SelectorEnvOptions.MAX_EXPRESSION_BYTES) {
      throw new SelectorCompileException(
          expression,
          "Too long: may not be more than %d bytes (expression has %d)"
              .formatted(SelectorEnvOptions.MAX_EXPRESSION_BYTES, bytes));
    }
    CelAbstractSyntaxTree ast = check(expression);
    long cost = estimator.estimate(ast);
    if (cost > options.costLimit()) {
      throw new SelectorCompileException(
          expression,
          "too complex, exceeds cost limit: estimated cost %d exceeds the limit of %d"
              .formatted(cost, options.costLimit()));
    }
    try {
      return new CompiledSelector(
          expression,
          cel.runtime().createProgram(ast),
          cost,
          needsMetering(ast) ? options.costLimit() : CompiledSelector.UNMETERED,
          activation);
    } catch (CelEvaluationException e) {
      throw new SelectorCompileException(expression, "compilation failed: " + e.getMessage());
    }
  }

  /**
   * Whether evaluation must be metered against the cost limit. An expression without loops and
   * without calls that build data-sized lists costs at most a small multiple of its own size
   * (device values are bounded: 32 entries per map, 64-byte strings), far below the limit; the
   * scheduler's selectors are almost all of that kind, and metering them would cost more than
   * evaluating them.
   */
  private static boolean needsMetering(CelAbstractSyntaxTree ast) {
    return CelNavigableAst.fromAst(ast)
        .getRoot()
        .allNodes()
        .map(CelNavigableExpr::expr)
        .anyMatch(e ->
            e.getKind() == CelExpr.ExprKind.Kind.COMPREHENSION
                || (e.getKind() == CelExpr.ExprKind.Kind.CALL
                    && DATA_SIZED_CALLS.contains(e.call().function())));
  }

  private static final java.util.Set<String> DATA_SIZED_CALLS = java.util.Set.of("lists.range");

  private CelAbstractSyntaxTree check(String expression) {
    CelAbstractSyntaxTree ast;
    try {
      ast = cel.compile(expression);
    } catch (CelValidationException e) {
      throw new SelectorCompileException(
          expression, "compilation failed: " + SyntaxErrors.asApiServer(e.getMessage()));
    }
    CelType result = ast.getResultType();
    if (result.kind() != CelKind.BOOL && result.kind() != CelKind.DYN) {
      throw new SelectorCompileException(
          expression, "must evaluate to bool or the unknown type, not " + result.name());
    }
    return ast;
  }
}
