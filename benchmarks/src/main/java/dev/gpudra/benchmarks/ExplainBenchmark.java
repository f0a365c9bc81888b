package dev.gpudra.benchmarks;

import dev.gpudra.allocator.Allocation;
import dev.gpudra.allocator.AllocationOutcome;
import dev.gpudra.allocator.Allocator;
import dev.gpudra.allocator.CandidateNode;
import dev.gpudra.allocator.ClusterState;
import dev.gpudra.allocator.ExplanationText;
import dev.gpudra.allocator.cel.DeviceSelectorEnv;
import dev.gpudra.allocator.cel.SelectorEnvOptions;
import dev.gpudra.allocator.device.DeviceView;
import dev.gpudra.allocator.matching.CelSelectorEvaluator;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Explain for every node of a cluster: one op is the whole cluster ({@code nodes} x 8 GPUs x 3
 * selectors). {@link #javaSelectorsOnEveryDevice} is the floor: each node's devices converted and
 * checked by the hand-written selectors, with no pool reading, search or explanation.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@Threads(1)
@State(Scope.Benchmark)
public class ExplainBenchmark {
  @Param({"1000"})
  public int nodes;

  private ExplainCluster cluster;
  private Allocator allocator;
  private List<ClusterState> ownSlices;

  @Setup(Level.Trial)
  public void setUp() {
    cluster = ExplainCluster.of("dgx-h100", nodes);
    allocator =
        new Allocator(
            new CelSelectorEvaluator(new DeviceSelectorEnv(SelectorEnvOptions.defaults())));
    ownSlices = cluster.nodes().stream().map(cluster::ownSliceOnly).toList();
    for (CandidateNode node : cluster.nodes()) {
      if (!(allocate(node) instanceof Allocation)) {
        throw new IllegalStateException(ExplanationText.render(allocate(node)));
      }
    }
  }

  /** The allocator on every node; outcomes not rendered. */
  @Benchmark
  public void allocate(Blackhole blackhole) {
    for (CandidateNode node : cluster.nodes()) {
      blackhole.consume(allocate(node));
    }
  }

  /** The allocator on every node, each outcome rendered as text. */
  @Benchmark
  public long allocateAndRender() {
    long chars = 0;
    for (CandidateNode node : cluster.nodes()) {
      chars += ExplanationText.render(allocate(node)).length();
    }
    return chars;
  }

  /**
   * Diagnostic: the allocator on every node, each given only its own slice (as if slices were
   * indexed by node), so {@link #allocate} minus this is the cost of reading all slices per node.
   */
  @Benchmark
  public void allocateOwnSliceOnly(Blackhole blackhole) {
    List<CandidateNode> nodes = cluster.nodes();
    for (int i = 0; i < nodes.size(); i++) {
      blackhole.consume(allocator.allocate(cluster.claim(), ownSlices.get(i), nodes.get(i)));
    }
  }

  /** Floor: every device of every node converted and checked by hand against the 3 selectors. */
  @Benchmark
  public int javaSelectorsOnEveryDevice() {
    int matching = 0;
    for (ResourceSlice slice : cluster.state().slices()) {
      for (Device device : slice.getSpec().getDevices()) {
        DeviceView view = DeviceView.of(slice.getSpec().getDriver(), device);
        boolean gpu = JavaSelectors.gpuClass(view);
        boolean memory = JavaSelectors.memoryAtLeast40Gi(view);
        boolean driver = JavaSelectors.driverAtLeast550(view);
        matching += gpu && memory && driver ? 1 : 0;
      }
    }
    return matching;
  }

  private AllocationOutcome allocate(CandidateNode node) {
    return allocator.allocate(cluster.claim(), cluster.state(), node);
  }
}
