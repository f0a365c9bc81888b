package dev.gpudra.computedomain.plugin;

import dev.gpudra.computedomain.clique.GpuCliqueLabel;
import dev.gpudra.computedomain.clique.NodeClique;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the node's clique current, as NVIDIA's 0.5 plugin: re-read every {@link #PERIOD} and, with
 * {@code --gpu-clique-label-enabled}, written to the node's {@code nvidia.com/gpu.clique} label at
 * start and at each re-read, and removed when the plugin stops.
 */
final class CliqueUpkeep implements AutoCloseable {
  static final Duration PERIOD = Duration.ofMinutes(10);

  private static final Logger log = LoggerFactory.getLogger(CliqueUpkeep.class);

  private final NodeClique clique;
  private final Optional<GpuCliqueLabel> label;

  CliqueUpkeep(NodeClique clique, Optional<GpuCliqueLabel> label) {
    this.clique = Objects.requireNonNull(clique, "clique");
    this.label = Objects.requireNonNull(label, "label");
  }

  NodeClique clique() {
    return clique;
  }

  /**
   * Writes the label.
   *
   * @throws KubernetesClientException when the node cannot be labelled: the start fails, as
   *     NVIDIA's
   */
  void start() {
    label.ifPresent(l -> l.set(clique.current()));
  }

  /** Re-reads the clique and writes the label again; a failure is logged and tried next time. */
  void refresh() {
    try {
      clique.refresh();
      label.ifPresent(l -> l.set(clique.current()));
    } catch (RuntimeException e) {
      log.warn("re-reading the node's clique failed; tried again in {}", PERIOD, e);
    }
  }

  @Override
  public void close() {
    label.ifPresent(l -> {
      try {
        l.remove();
      } catch (KubernetesClientException e) {
        log.error("cannot remove node label {}: {}", GpuCliqueLabel.KEY, e.getMessage());
      }
    });
  }
}
