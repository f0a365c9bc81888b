package dev.gpudra.demo.realnode;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.demo.Demo;
import dev.gpudra.demo.DemoSpec;
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
        Arguments.of("shared-claim", RealNodePlan.DEFAULT_NODE),
        Arguments.of("nine-gpus", RealNodePlan.DEFAULT_NODE),
        Arguments.of("migration", RealNodePlan.DEFAULT_NODE));
  }

  @ParameterizedTest(name = "{0} plays {1}")
  @MethodSource("nodes")
  @DisplayName(
      "a scenario plays the DRA node its expect.yaml names, else the A100 node (the device-plugin"
          + " node runs beside it)")
  void playsItsNode(String scenario, String node) {
    assertThat(plan.nodeFor(SPECS.get(scenario)).name()).isEqualTo(node);
  }

  static Stream<Arguments> notRunnable() {
    return Stream.of(Arguments.of("compute-domain", "RealNodeComputeDomainE2E"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("notRunnable")
  @DisplayName("what one real node cannot run is named with the reason and where it is covered")
  void notRunnableWithReason(String scenario, String reason) {
    assertThat(plan.notRunnable(SPECS.get(scenario)))
        .hasValueSatisfying(r -> assertThat(r).contains(reason));
  }

  @Test
  @DisplayName("every other scenario of the demo runs on the real node")
  void theRestRuns() {
    assertThat(
            SPECS.values().stream().filter(s -> plan.notRunnable(s).isEmpty()).map(DemoSpec::name))
        .containsExactlyInAnyOrder(
            "consumable-shares",
            "consumable-shares-distinct",
            "dynamic-mig",
            "first-available",
            "gpu-passthrough",
            "memory-and-driver-version",
            "mig-1g5gb",
            "migration",
            "mps",
            "nine-gpus",
            "shared-claim",
            "single-gpu",
            "time-slicing",
            "two-gpus-one-pcie-root",
            "unhealthy-gpu");
  }

  @Test
  @DisplayName("without our image's tar, mps is not run: its MPS control daemon runs our image")
  void mpsNeedsTheImage() {
    RealNodePlan withoutImage = new RealNodePlan(Demo.NODES, Optional.empty());

    assertThat(withoutImage.notRunnable(SPECS.get("mps")))
        .hasValueSatisfying(r -> assertThat(r).contains("--image-tar", "RealNodeMpsE2E"));
    assertThat(withoutImage.notRunnable(SPECS.get("single-gpu"))).isEmpty();
  }
}
