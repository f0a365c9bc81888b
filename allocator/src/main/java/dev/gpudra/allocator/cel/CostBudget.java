package dev.gpudra.allocator.cel;

import dev.cel.common.ast.CelExpr;
import dev.cel.runtime.CelEvaluationListener;
import java.util.Collection;
import java.util.Map;

/**
 * The run-time cost meter of one evaluation. cel-java has no cost tracker, so this listens to
 * {@code Program.trace}: every evaluated node costs one unit, a string result one more per ten
 * characters and a list or map result one more per element. Crossing the limit aborts the
 * evaluation. Not thread-safe: one budget per evaluation.
 */
final class CostBudget implements CelEvaluationListener {
  private final long limit;
  private long spent;

  CostBudget(long limit) {
    this.limit = limit;
  }

  @Override
  public void callback(CelExpr expr, Object result) {
    spent += 1 + resultCost(result);
    if (spent > limit) {
      throw new CostLimitExceededException(limit);
    }
  }

  /** Units spent so far. */
  long spent() {
    return spent;
  }

  private static long resultCost(Object result) {
    return switch (result) {
      case String s -> Estimate.traversal(s.length());
      case Collection<?> c -> c.size();
      case Map<?, ?> m -> m.size();
      case null, default -> 0;
    };
  }

  /** Thrown from inside the interpreter; unwrapped into a selector error. */
  static final class CostLimitExceededException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    CostLimitExceededException(long limit) {
      super("operation cancelled: actual cost limit exceeded (limit " + limit + ")");
    }
  }
}
