package dev.gpudra.e2e;

import dev.gpudra.realcluster.controlplane.ControlPlaneProcess;
import dev.gpudra.realcluster.node.Helm;
import dev.gpudra.realcluster.node.RealNodeUnavailableException;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;

/**
 * What the chart suites share: a real helm, a real API server, our chart, and reading what helm
 * renders.
 */
final class ChartHarness implements AutoCloseable {
  private final ControlPlaneProcess controlPlane;
  private final Helm helm;
  private final Path chart;

  private ChartHarness(ControlPlaneProcess controlPlane, Helm helm, Path chart) {
    this.controlPlane = controlPlane;
    this.helm = helm;
    this.chart = chart;
  }

  /** Builds helm and starts the control plane; aborts the suite where either cannot be had. */
  static ChartHarness start(Path dir) throws InterruptedException {
    Path binary = RealControlPlane.binaryOrSkip();
    Helm helm;
    try {
      helm =
          new Helm(
              Helm.locate(RealControlPlane.checkout(), System.err::println),
              dir.resolve("cp/kubeconfig"));
    } catch (RealNodeUnavailableException e) {
      System.err.println("chart E2E skipped: " + e.getMessage());
      Assumptions.abort(e.getMessage());
      throw e;
    }
    ControlPlaneProcess controlPlane =
        ControlPlaneProcess.start(binary, dir.resolve("cp"), Duration.ofSeconds(120));
    return new ChartHarness(
        controlPlane, helm, RealControlPlane.checkout().resolve("deployments/helm/gpu-dra"));
  }

  Helm helm() {
    return helm;
  }

  Path chart() {
    return chart;
  }

  KubernetesClient client() {
    return controlPlane.client();
  }

  /**
   * {@code helm template nv <chart> --kube-version 1.35.0 ARGS}, with {@code
   * gpuResourcesEnabledOverride=true} unless a values file is given, parsed.
   */
  List<HasMetadata> render(String... args) {
    List<String> command =
        new ArrayList<>(List.of("template", "nv", chart.toString(), "--kube-version", "1.35.0"));
    command.addAll(List.of(args));
    if (!command.contains("-f")) {
      command.addAll(List.of("--set", "gpuResourcesEnabledOverride=true"));
    }
    String rendered = helm.run(command.toArray(String[]::new));
    return client()
        .load(new ByteArrayInputStream(rendered.getBytes(StandardCharsets.UTF_8)))
        .items();
  }

  static <T extends HasMetadata> T find(List<HasMetadata> objects, Class<T> type, String name) {
    return objects.stream()
        .filter(type::isInstance)
        .map(type::cast)
        .filter(o -> o.getMetadata().getName().equals(name))
        .findFirst()
        .orElseThrow(() ->
            new AssertionError(
                "no "
                    + type.getSimpleName()
                    + " "
                    + name
                    + " in "
                    + objects.stream()
                        .map(o -> o.getKind() + "/" + o.getMetadata().getName())
                        .toList()));
  }

  static List<String> names(List<HasMetadata> objects, String kind) {
    return objects.stream()
        .filter(o -> kind.equals(o.getKind()))
        .map(o -> o.getMetadata().getName())
        .toList();
  }

  static Map<String, String> env(List<EnvVar> env) {
    return env.stream()
        .filter(e -> e.getValue() != null)
        .collect(Collectors.toMap(EnvVar::getName, EnvVar::getValue));
  }

  @Override
  public void close() {
    controlPlane.close();
  }
}
