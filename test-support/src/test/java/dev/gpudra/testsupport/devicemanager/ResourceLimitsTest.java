package dev.gpudra.testsupport.devicemanager;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ResourceLimitsTest {
  private static final Set<String> SERVED = Set.of("example.com/gpu");

  record Case(String name, Container container, Map<String, Integer> counts) {
    @Override
    public String toString() {
      return name;
    }
  }

  private static ContainerBuilder ctr() {
    return new ContainerBuilder().withName("ctr");
  }

  static Stream<Case> cases() {
    Quantity two = new Quantity("2");
    return Stream.of(
        new Case("no resources: nothing", ctr().build(), Map.of()),
        new Case(
            "limits count",
            ctr().withNewResources().addToLimits("example.com/gpu", two).endResources().build(),
            Map.of("example.com/gpu", 2)),
        new Case(
            "requests alone count for nothing: the kubelet reads the limits",
            ctr().withNewResources().addToRequests("example.com/gpu", two).endResources().build(),
            Map.of()),
        new Case(
            "resources no plugin serves are left out",
            ctr()
                .withNewResources()
                .addToLimits("cpu", two)
                .addToLimits("other.com/nic", two)
                .endResources()
                .build(),
            Map.of()),
        new Case(
            "zero is no request",
            ctr()
                .withNewResources()
                .addToLimits("example.com/gpu", new Quantity("0"))
                .endResources()
                .build(),
            Map.of()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  @DisplayName(
      "a container asks for device-plugin resources by its limits, only for resources a plugin"
          + " serves")
  void counts(Case c) {
    assertThat(ResourceLimits.of(c.container(), SERVED)).isEqualTo(c.counts());
  }
}
