package dev.gpudra.allocator;

import static dev.gpudra.allocator.Fixture.NODE_A;
import static dev.gpudra.allocator.Fixture.PCIE_ROOT;
import static dev.gpudra.allocator.Fixture.claim;
import static dev.gpudra.allocator.Fixture.cluster;
import static dev.gpudra.allocator.Fixture.exactly;
import static dev.gpudra.allocator.Fixture.gpu;
import static dev.gpudra.allocator.Fixture.id;
import static dev.gpudra.allocator.Fixture.matchAttribute;
import static dev.gpudra.allocator.Fixture.nic;
import static dev.gpudra.allocator.Fixture.nodeSlice;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ExplanationTextTest {

  private final Allocator allocator = new Allocator(new FakeSelectorEvaluator());

  record Case(String name, ResourceClaim claim, String expectedFile) {
    @Override
    public String toString() {
      return name;
    }
  }

  private static final ClusterState ROOTS =
      cluster(
          List.of(
              nodeSlice(
                  "node-a",
                  gpu("gpu-0", "pci0"),
                  gpu("gpu-1", "pci0"),
                  nic("nic-0", "pci1"),
                  gpu("gpu-2", "pci1"),
                  gpu("gpu-3", "pci1"))),
          Set.of(id("node-a", "gpu-1")));

  static Stream<Case> cases() {
    return Stream.of(
        new Case(
            "allocated after backtracking",
            claim(
                List.of(exactly("a", 1), exactly("b", 1)),
                List.of(matchAttribute(PCIE_ROOT)),
                List.of()),
            "allocation/backtracking.txt"),
        new Case("not enough devices", claim(exactly("gpu", 4)), "allocation/not-enough.txt"));
  }

  @ParameterizedTest(name = "{0}")
  @DisplayName("an explanation renders as its golden text")
  @MethodSource("cases")
  void rendersText(Case c) throws IOException {
    AllocationOutcome outcome = allocator.allocate(c.claim(), ROOTS, NODE_A);

    assertThat(ExplanationText.render(outcome)).isEqualTo(resource(c.expectedFile()));
  }

  private static String resource(String name) throws IOException {
    try (InputStream in = ExplanationTextTest.class.getClassLoader().getResourceAsStream(name)) {
      assertThat(in).as(name).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
