package dev.gpudra.realcluster.node;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Where {@code helm install} and {@code helm upgrade} take a chart from: a directory of the
 * checkout, or an OCI registry at a version, as an admin installs a published chart.
 *
 * @param reference what helm names the chart by: a directory or {@code oci://host/path/name}
 * @param flags the flags that go with it, e.g. {@code --version 1.0 --plain-http}
 */
public record ChartSource(String reference, List<String> flags) {
  public ChartSource {
    Objects.requireNonNull(reference, "reference");
    flags = List.copyOf(flags);
  }

  /** A chart directory, e.g. {@code deployments/helm/gpu-dra}. */
  public static ChartSource directory(Path chart) {
    return new ChartSource(chart.toString(), List.of());
  }

  /**
   * {@code oci://<registry>/<repository>} at {@code version}, over plain HTTP (a loopback
   * registry).
   */
  public static ChartSource plainHttpOci(String registry, String repository, String version) {
    return new ChartSource(
        "oci://" + registry + "/" + repository, List.of("--version", version, "--plain-http"));
  }

  /**
   * A helm command line for this chart: {@code verb release <reference> <flags> more...}, e.g.
   * {@code install gpu-operator oci://... --version 1.0 --plain-http --namespace x}.
   */
  public String[] command(String verb, String release, String... more) {
    List<String> args = new ArrayList<>(List.of(verb, release));
    args.addAll(args());
    args.addAll(List.of(more));
    return args.toArray(String[]::new);
  }

  /** The chart's part of a helm command line: the reference, then its flags. */
  public List<String> args() {
    List<String> args = new ArrayList<>(List.of(reference));
    args.addAll(flags);
    return args;
  }
}
