package dev.gpudra.realcluster.node;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A real helm (built from its Go module by {@code e2e/node/build.sh}) pointed at one cluster: how
 * the suites install our chart as a user does.
 *
 * @param binary the helm executable
 * @param kubeconfig the cluster's kubeconfig
 */
public record Helm(Path binary, Path kubeconfig) {
  public Helm {
    Objects.requireNonNull(binary, "binary");
    Objects.requireNonNull(kubeconfig, "kubeconfig");
  }

  /**
   * Builds (cached) the node's tools and returns their helm.
   *
   * @throws RealNodeUnavailableException when they cannot be built here (no Go), in one line
   */
  public static Path locate(Path checkout, Consumer<String> progress) throws InterruptedException {
    return NodeTools.buildTools(checkout, progress).resolve("helm");
  }

  /**
   * Runs {@code helm <args> --kubeconfig <kubeconfig>}.
   *
   * @return its standard output
   * @throws RealNodeStartException when it fails, with its output
   */
  public String run(String... args) {
    List<String> command = new ArrayList<>();
    command.add(binary.toString());
    command.addAll(List.of(args));
    command.add("--kubeconfig=" + kubeconfig);
    return Processes.run(command);
  }
}
