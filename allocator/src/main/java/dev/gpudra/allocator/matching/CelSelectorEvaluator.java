package dev.gpudra.allocator.matching;

import dev.gpudra.allocator.SelectorEvaluator;
import dev.gpudra.allocator.Verdict;
import dev.gpudra.allocator.cel.DeviceSelectorEnv;
import dev.gpudra.allocator.cel.SelectorCompileException;
import dev.gpudra.allocator.cel.SelectorResult;
import dev.gpudra.allocator.device.DeviceView;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import java.util.Objects;

/** Evaluates selectors with the DRA CEL environment. Thread-safe. */
public final class CelSelectorEvaluator implements SelectorEvaluator {
  private final DeviceSelectorEnv env;
  // Class and request selectors are evaluated against one device in a row: convert it once.
  private volatile View last;

  private record View(Device device, String driver, DeviceView view) {}

  public CelSelectorEvaluator(DeviceSelectorEnv env) {
    this.env = Objects.requireNonNull(env, "env");
  }

  @Override
  public Verdict evaluate(String celExpression, String driver, Device device) {
    try {
      SelectorResult result = env.compile(celExpression).evaluate(view(driver, device));
      return switch (result) {
        case SelectorResult.Match m -> Verdict.match();
        case SelectorResult.NoMatch n -> Verdict.noMatch();
        case SelectorResult.EvaluationError e -> Verdict.error(e.message());
      };
    } catch (SelectorCompileException e) {
      return Verdict.error(e.getMessage());
    }
  }

  private DeviceView view(String driver, Device device) {
    View cached = last;
    if (cached != null && cached.device() == device && cached.driver().equals(driver)) {
      return cached.view();
    }
    DeviceView view = DeviceView.of(driver, device);
    last = new View(device, driver, view);
    return view;
  }
}
