package dev.gpudra.operator.golden;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.api.clusterpolicy.Runtime;
import dev.gpudra.operator.states.StateSet;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every object the operator renders for a set of ClusterPolicies, checked against the files under
 * {@code src/test/resources/golden/<policy>/}. After an intended change to a render, rewrite them
 * with {@code -Dgolden.update=true} and review the diff.
 */
class GoldenRendersTest {
  private static final GoldenFiles FILES =
      new GoldenFiles(Path.of("src", "test", "resources", "golden"));

  static Stream<GoldenPolicy> policies() {
    return Stream.of(
        new GoldenPolicy(
            "nvidia-chart-default",
            "nvidia-chart-default.yaml",
            Optional.empty(),
            StateSet.CLUSTER_POLICY,
            Runtime.CONTAINERD,
            List.of(GoldenPolicy.ubuntu("gpu-1")),
            Optional.empty()),
        new GoldenPolicy(
            "every-operand",
            "nvidia-chart-default.yaml",
            Optional.of("every-operand.overlay.yaml"),
            StateSet.CLUSTER_POLICY,
            Runtime.CONTAINERD,
            List.of(GoldenPolicy.ubuntu("gpu-1")),
            Optional.empty()),
        new GoldenPolicy(
            "dra-driver-only",
            "dra-driver-only.yaml",
            Optional.empty(),
            StateSet.CLUSTER_POLICY,
            Runtime.CONTAINERD,
            List.of(GoldenPolicy.ubuntu("gpu-1")),
            Optional.empty()),
        new GoldenPolicy(
            "gpucluster-chart",
            "gpucluster-chart.yaml",
            Optional.empty(),
            StateSet.GPU_CLUSTER,
            Runtime.CONTAINERD,
            List.of(GoldenPolicy.ubuntu("gpu-1")),
            Optional.empty()),
        new GoldenPolicy(
            "nvidia-driver-crd",
            "nvidia-chart-default.yaml",
            Optional.of("nvidia-driver-crd.overlay.yaml"),
            StateSet.CLUSTER_POLICY,
            Runtime.CONTAINERD,
            List.of(GoldenPolicy.ubuntu("gpu-1"), GoldenPolicy.node("gpu-2", "rhel", "9.4")),
            Optional.of("nvidia-driver-crd.nvidiadriver.yaml")),
        new GoldenPolicy(
            "openshift-csv",
            "openshift-csv.yaml",
            Optional.empty(),
            StateSet.CLUSTER_POLICY,
            Runtime.CRIO,
            List.of(GoldenPolicy.node("gpu-1", "rhcos", "4.16")),
            Optional.empty()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("policies")
  @DisplayName("every object rendered for the policy matches its checked-in golden file")
  void rendersMatchTheirGoldenFiles(GoldenPolicy policy) throws IOException {
    SortedMap<String, String> rendered = GoldenRender.of(policy);
    if (Boolean.getBoolean(GoldenFiles.UPDATE)) {
      FILES.write(policy.name(), rendered);
    }

    assertThat(FILES.differences(policy.name(), rendered))
        .as(
            "renders that differ from golden/%s (after an intended change, rerun with -D%s=true"
                + " and review the diff)",
            policy.name(), GoldenFiles.UPDATE)
        .isEmpty();
  }
}
