package dev.gpudra.demo.realnode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.gpudra.demo.Demo;
import dev.gpudra.demo.DemoSpec;
import dev.gpudra.demo.Expectation;
import dev.gpudra.demo.SpecLibrary;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class RealNodePlanTest {
  private static final Map<String, DemoSpec> SPECS = new TreeMap<>();

  static {
    SpecLibrary.locate(Path.of("").toAbsolutePath())
        .scenarios()
        .forEach(s -> SPECS.put(s.name(), s));
  }

  private final RealNodePlan plan =
      new RealNodePlan(Demo.NODES, Optional.of(Path.of("jib-image.tar")));

  static Stream<Arguments> nodes() {
    return Stream.of(
        Arguments.of("single-gpu", "gpu-node-1"),
        Arguments.of("mig-1g5gb", "gpu-node-2"),
        Arguments.of("dynamic-mig", "gpu-node-3"),
        Arguments.of("consumable-shares", "gpu-node-4"),
        Arguments.of("compute-domain", "gpu-node-3"),
        Arguments.of("shared-claim", RealNodePlan.DEFAULT_NODE),
        Arguments.of("nine-gpus", RealNodePlan.DEFAULT_NODE),
        Arguments.of("migration", RealNodePlan.DEFAULT_NODE));
  }

  @ParameterizedTest(name = "{0} plays {1}")
  @MethodSource("nodes")
  @DisplayName(
      "a scenario plays the DRA node its expect.yaml names, else a GB200 tray for a ComputeDomain,"
          + " else the A100 node (the device-plugin node runs beside it)")
  void playsItsNode(String scenario, String node) {
    assertThat(plan.nodeFor(SPECS.get(scenario)).name()).isEqualTo(node);
  }

  @Test
  @DisplayName("every scenario runs on the real node, given our image")
  void theRestRuns() {
    assertThat(
            SPECS.values().stream().filter(s -> plan.notRunnable(s).isEmpty()).map(DemoSpec::name))
        .containsExactlyInAnyOrder(
            "compute-domain",
            "consumable-shares",
            "consumable-shares-distinct",
            "device-metadata",
            "dynamic-mig",
            "first-available",
            "gpu-drain",
            "gpu-passthrough",
            "memory-and-driver-version",
            "mig-1g5gb",
            "mig-or-vm",
            "migration",
            "mps",
            "nine-gpus",
            "shared-claim",
            "single-gpu",
            "time-slicing",
            "two-gpus-one-pcie-root",
            "unhealthy-gpu");
  }

  static Stream<Arguments> needTheImage() {
    return Stream.of(
        Arguments.of("mps", "RealNodeMpsE2E"),
        Arguments.of("compute-domain", "RealNodeComputeDomainE2E"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("needTheImage")
  @DisplayName(
      "without our image's tar, a scenario whose daemons run our image is not run, naming"
          + " --image-tar and the suite that covers it")
  void daemonsNeedTheImage(String scenario, String suite) {
    RealNodePlan withoutImage = new RealNodePlan(Demo.NODES, Optional.empty());

    assertThat(withoutImage.notRunnable(SPECS.get(scenario)))
        .hasValueSatisfying(r -> assertThat(r).contains("--image-tar", suite));
    assertThat(withoutImage.notRunnable(SPECS.get("single-gpu"))).isEmpty();
  }

  @Test
  @DisplayName(
      "on one node, compute-domain's second worker must be refused for its claim (the node's one"
          + " IMEX channel is the first's), said in a note; the first must run with its channel")
  void computeDomainOnOneNode() {
    RealNodePlan.OnOneNode one = plan.onOneNode(SPECS.get("compute-domain"));

    assertThat(one.expectation().pods())
        .extracting(Expectation.Pod::name, Expectation.Pod::phase, Expectation.Pod::imexChannel)
        .containsExactly(tuple("worker-0", "Running", true), tuple("worker-1", "Pending", false));
    assertThat(one.expectation().pods().get(1).unschedulable()).isEqualTo("not-enough-devices");
    assertThat(one.notes())
        .singleElement()
        .asString()
        .startsWith("worker-1 expects a GB200 tray of its own");
  }

  @Test
  @DisplayName("every scenario without an IMEX channel keeps its expectation as written, no note")
  void othersKeepTheirExpectation() {
    SPECS.values().stream()
        .filter(s -> !s.needsComputeDomains())
        .forEach(s -> {
          RealNodePlan.OnOneNode one = plan.onOneNode(s);
          assertThat(one.expectation()).as(s.name()).isEqualTo(s.expectation());
          assertThat(one.notes()).as(s.name()).isEmpty();
        });
  }
}
