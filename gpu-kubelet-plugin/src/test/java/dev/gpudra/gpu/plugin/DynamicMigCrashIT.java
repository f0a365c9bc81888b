package dev.gpudra.gpu.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.gpu.state.StepObserver.Step;
import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.localcluster.kubelet.DraCallException;
import dev.gpudra.localcluster.kubelet.KubeletStandIn;
import dev.gpudra.nvml.MigDevice;
import dev.gpudra.nvml.MigMode;
import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DynamicMIG's crash safety with a real process: the plugin halts right after creating a claim's
 * MIG device, before anything records it. The simulated GPUs' state file outlives the process, as a
 * real GPU's MIG devices outlive the plugin; the restarted plugin must find and destroy the orphan,
 * and the kubelet's retry must end with exactly one device.
 */
class DynamicMigCrashIT {
  private static final String NODE = "node-a";
  private static final String DRIVER = GpuPluginConfig.DRIVER_NAME;
  private static final String PROFILE = "dgx-h100";
  private static final String DEVICE = "gpu-0-mig-1g10gb-19-0";

  @TempDir Path root;
  private StandInNode node;
  private KubeletStandIn kubelet;
  private final List<ChildPlugin> children = new ArrayList<>();

  @BeforeEach
  void startNode() {
    node = new StandInNode(root, NODE);
    kubelet = node.kubelet;
  }

  @AfterEach
  void stopNode() {
    children.forEach(ChildPlugin::close);
    if (node != null) {
      node.close();
    }
  }

  private ChildPlugin startPlugin(Optional<Step> crashAt) {
    Path log = root.resolve("plugin-" + children.size() + ".log");
    ChildPlugin child =
        ChildPlugin.on(node.kubeconfig, NODE, node.dirs)
            .start(PROFILE + "@DynamicMIG=true", crashAt, log);
    children.add(child);
    return child;
  }

  /** The GPUs as the plugin left them, read from its state file by another simulated NVML. */
  private SimulatedNvml stateOnDisk() {
    return new SimulatedNvml(
        new ProfileLoader().load(PROFILE),
        NODE,
        Optional.of(node.dirs.dataDir().resolve(NvmlFactory.SIMULATED_STATE)));
  }

  private List<MigDevice> liveMigDevices() {
    try (SimulatedNvml gpus = stateOnDisk()) {
      return gpus.migDevices(gpus.gpus().get(0));
    }
  }

  private MigMode migMode() {
    try (SimulatedNvml gpus = stateOnDisk()) {
      return gpus.migMode(gpus.gpus().get(0));
    }
  }

  @Test
  @DisplayName(
      "a crash right after creating the MIG device: the restarted plugin destroys the orphan at"
          + " start, the retry creates one device and records it, unprepare leaves none")
  void orphanAfterCrash() throws Exception {
    ClaimRef claim = node.claims.named("a").device("mig", DEVICE).create();
    ChildPlugin crashing = startPlugin(Optional.of(Step.DEVICES_SET_UP));

    assertThatThrownBy(() -> kubelet.prepare(DRIVER, List.of(claim)))
        .isInstanceOf(DraCallException.class);
    assertThat(crashing.awaitExit(Duration.ofSeconds(10)))
        .isEqualTo(CrashingPluginMain.CRASH_STATUS);
    assertThat(liveMigDevices()).as("the orphan the crash left").hasSize(1);

    startPlugin(Optional.empty());

    assertThat(liveMigDevices()).as("destroyed at start: no completed claim holds it").isEmpty();
    PrepareResult retried = kubelet.prepare(DRIVER, List.of(claim)).get(claim.uid());
    assertThat(retried.error()).isEmpty();
    List<MigDevice> live = liveMigDevices();
    assertThat(live).hasSize(1);
    assertThat(NodeDirs.entry(node.dirs.foreignCheckpoint(), claim.uid()).orElseThrow().devices())
        .singleElement()
        .satisfies(d -> assertThat(d.uuid()).isEqualTo(live.get(0).uuid()));

    assertThat(kubelet.unprepare(DRIVER, List.of(claim)).get(claim.uid()).error()).isEmpty();
    assertThat(liveMigDevices()).isEmpty();
    assertThat(migMode()).isEqualTo(MigMode.DISABLED);
  }
}
