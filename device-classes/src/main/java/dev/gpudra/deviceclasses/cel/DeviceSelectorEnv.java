package dev.gpudra.deviceclasses.cel;

import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.common.CelValidationException;
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
          expression, cel.runtime().createProgram(ast), cost, options.costLimit(), activation);
    } catch (CelEvaluationException e) {
      throw new SelectorCompileException(expression, "compilation failed: " + e.getMessage());
    }
  }

  private CelAbstractSyntaxTree check(String expression) {
    CelAbstractSyntaxTree ast;
    try {
      ast = cel.compile(expression);
    } catch (CelValidationException e) {
      throw new SelectorCompileException(expression, "compilation failed: " + e.getMessage());
    }
    CelType result = ast.getResultType();
    if (result.kind() != CelKind.BOOL && result.kind() != CelKind.DYN) {
      throw new SelectorCompileException(
          expression, "must evaluate to bool or the unknown type, not " + result.name());
    }
    return ast;
  }
}
