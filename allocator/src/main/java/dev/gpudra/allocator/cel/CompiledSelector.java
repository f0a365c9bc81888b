package dev.gpudra.allocator.cel;

import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelRuntime;
import dev.gpudra.allocator.device.DeviceView;
import java.util.Map;

/**
 * A selector that passed compilation, type checking and the cost estimate. Immutable and safe to
 * evaluate from many threads; each evaluation has its own cost budget.
 */
public final class CompiledSelector {
  /** The cost limit of a selector whose cost is bounded by its size, evaluated without metering. */
  static final long UNMETERED = -1;

  private final String expression;
  private final CelRuntime.Program program;
  private final long estimatedCost;
  private final long costLimit;
  private final DeviceActivation activation;
  private final RuntimeErrors errors = new RuntimeErrors();

  CompiledSelector(
      String expression,
      CelRuntime.Program program,
      long estimatedCost,
      long costLimit,
      DeviceActivation activation) {
    this.activation = activation;
    this.expression = expression;
    this.program = program;
    this.estimatedCost = estimatedCost;
    this.costLimit = costLimit;
  }

  /** The expression text. */
  public String expression() {
    return expression;
  }

  /** The static worst-case cost estimate (see {@link CostEstimator}). */
  public long estimatedCost() {
    return estimatedCost;
  }

  /** Evaluates against one device: match, no match, or an error with the scheduler's wording. */
  public SelectorResult evaluate(DeviceView device) {
    Map<String, Object> variables;
    try {
      variables = activation.variables(device);
    } catch (DeviceActivation.InvalidDeviceException e) {
      return new SelectorResult.EvaluationError(e.getMessage());
    }
    try {
      Object result =
          costLimit == UNMETERED
              ? program.eval(variables)
              : program.trace(variables, new CostBudget(costLimit));
      if (result instanceof Boolean matched) {
        return SelectorResult.of(matched);
      }
      return new SelectorResult.EvaluationError(
          "must evaluate to bool, got " + result.getClass().getSimpleName());
    } catch (CelEvaluationException | RuntimeException e) {
      return new SelectorResult.EvaluationError(errors.message(e));
    }
  }
}
