package dev.gpudra.computedomain.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.computedomain.clique.GpuCliqueLabel;
import dev.gpudra.computedomain.clique.NodeClique;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --gpu-clique-label-enabled}: the plugin owns {@code nvidia.com/gpu.clique}. */
class GpuCliqueLabelIT {
  private static final String CLIQUE = "4c3d2b1a-5e6f-4a7b-8c9d-0e1f2a3b4c5d.32766";

  @TempDir Path root;
  private DomainNode node;

  @AfterEach
  void stop() {
    if (node != null) {
      node.close();
    }
  }

  @Test
  @DisplayName("the node is labelled with its clique from NVML at start, unlabelled at stop")
  void labelsWhileRunning() {
    node = DomainNode.startLabelling(root, "gb200-nvl");

    assertThat(node.labels()).containsEntry(GpuCliqueLabel.KEY, CLIQUE);

    node.stopPlugin();

    assertThat(node.labels()).doesNotContainKey(GpuCliqueLabel.KEY);
  }

  @Test
  @DisplayName("a node without a clique gets no label")
  void noCliqueNoLabel() {
    node = DomainNode.startLabelling(root, "dgx-h100");

    assertThat(node.labels()).doesNotContainKey(GpuCliqueLabel.KEY);
  }

  @Test
  @DisplayName(
      "without the flag the label is left alone: GPU Feature Discovery's value stays after stop")
  void leavesOthersLabel() {
    node = DomainNode.start(root, "gb200-nvl");
    new GpuCliqueLabel(node.client, DomainNode.NODE).set("gfd.1");

    node.stopPlugin();

    assertThat(node.labels()).containsEntry(GpuCliqueLabel.KEY, "gfd.1");
  }

  @Test
  @DisplayName(
      "a re-read clique (Fabric Manager partitioning changed it) is used and relabels the node;"
          + " a re-read finding none keeps the known one")
  void refreshRelabels() {
    node = DomainNode.start(root, "gb200-nvl");
    AtomicReference<String> nvml = new AtomicReference<>("cluster.1");
    NodeClique clique = new NodeClique("cluster.1", nvml::get);
    CliqueUpkeep upkeep =
        new CliqueUpkeep(clique, Optional.of(new GpuCliqueLabel(node.client, DomainNode.NODE)));
    upkeep.start();
    assertThat(node.labels()).containsEntry(GpuCliqueLabel.KEY, "cluster.1");

    nvml.set("cluster.2");
    upkeep.refresh();

    assertThat(clique.current()).isEqualTo("cluster.2");
    assertThat(node.labels()).containsEntry(GpuCliqueLabel.KEY, "cluster.2");
    nvml.set("");
    upkeep.refresh();
    assertThat(clique.current()).isEqualTo("cluster.2");
    upkeep.close();
    assertThat(node.labels()).doesNotContainKey(GpuCliqueLabel.KEY);
  }
}
