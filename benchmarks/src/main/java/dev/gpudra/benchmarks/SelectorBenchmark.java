package dev.gpudra.benchmarks;

import dev.gpudra.allocator.Verdict;
import dev.gpudra.allocator.cel.CompiledSelector;
import dev.gpudra.allocator.cel.DeviceSelectorEnv;
import dev.gpudra.allocator.cel.SelectorEnvOptions;
import dev.gpudra.allocator.device.DeviceView;
import dev.gpudra.allocator.matching.CelSelectorEvaluator;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Selector evaluations per second on one thread, over gpu-0 of a simulated DGX H100 as the plugin
 * publishes it. Selectors are compiled once in setup. {@code java*} methods are the floor: the same
 * checks by hand. {@code *FromDevice} methods include {@code DeviceView.of} (the fabric8 Device to
 * view conversion the allocator does per device).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@Threads(1)
@State(Scope.Thread)
public class SelectorBenchmark {
  private CompiledSelector gpuClass;
  private CompiledSelector memory;
  private CelSelectorEvaluator evaluator;
  private Device device;
  private DeviceView view;

  @Setup(Level.Trial)
  public void setUp() {
    DeviceSelectorEnv env = new DeviceSelectorEnv(SelectorEnvOptions.defaults());
    gpuClass = env.compile(Selectors.GPU_CLASS);
    memory = env.compile(Selectors.MEMORY_AT_LEAST_40GI);
    evaluator = new CelSelectorEvaluator(env);
    device = new SimulatedNodes("dgx-h100").devices("node-0000").get(0);
    view = DeviceView.of(SimulatedNodes.DRIVER, device);
    if (!celClassAndMemory() || !javaClassAndMemory()) {
      throw new IllegalStateException("gpu-0 must match both selectors: " + view);
    }
  }

  /** One evaluation of the class selector. */
  @Benchmark
  public boolean celClass() {
    return gpuClass.evaluate(view).matched();
  }

  /** One evaluation of the memory selector. */
  @Benchmark
  public boolean celMemory() {
    return memory.evaluate(view).matched();
  }

  /** Two evaluations: class, then memory. */
  @Benchmark
  public boolean celClassAndMemory() {
    return gpuClass.evaluate(view).matched() && memory.evaluate(view).matched();
  }

  /** Floor of {@link #celClassAndMemory()}. */
  @Benchmark
  public boolean javaClassAndMemory() {
    return JavaSelectors.gpuClass(view) && JavaSelectors.memoryAtLeast40Gi(view);
  }

  /** One conversion, then two evaluations. */
  @Benchmark
  public boolean celClassAndMemoryFromDevice() {
    DeviceView converted = DeviceView.of(SimulatedNodes.DRIVER, device);
    return gpuClass.evaluate(converted).matched() && memory.evaluate(converted).matched();
  }

  /** Floor of {@link #celClassAndMemoryFromDevice()}. */
  @Benchmark
  public boolean javaClassAndMemoryFromDevice() {
    DeviceView converted = DeviceView.of(SimulatedNodes.DRIVER, device);
    return JavaSelectors.gpuClass(converted) && JavaSelectors.memoryAtLeast40Gi(converted);
  }

  /**
   * Two evaluations the way the allocator makes them: cache lookup by expression text and a
   * conversion per evaluation.
   */
  @Benchmark
  public boolean evaluatorClassAndMemory() {
    return matched(evaluator.evaluate(Selectors.GPU_CLASS, SimulatedNodes.DRIVER, device))
        && matched(
            evaluator.evaluate(Selectors.MEMORY_AT_LEAST_40GI, SimulatedNodes.DRIVER, device));
  }

  /** The conversion alone. */
  @Benchmark
  public DeviceView deviceViewOf() {
    return DeviceView.of(SimulatedNodes.DRIVER, device);
  }

  private static boolean matched(Verdict verdict) {
    return verdict.kind() == Verdict.Kind.MATCH;
  }
}
