package dev.gpudra.gpu.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.gpu.checkpoint.PreparedClaim;
import dev.gpudra.gpu.state.StepObserver.Step;
import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.PreparedDevice;
import dev.gpudra.kit.UnprepareResult;
import dev.gpudra.kit.checkpoint.ClaimState;
import dev.gpudra.localcluster.kubelet.DraCallException;
import dev.gpudra.localcluster.kubelet.KubeletStandIn;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Crash safety with a real process: the plugin runs in a child JVM that halts at a chosen durable
 * step of a prepare or unprepare; a restarted plugin must finish the kubelet's retry with the same
 * result as a run without the crash, leaking no CDI spec, checkpoint entry or device.
 */
class CrashIT {
  private static final String NODE = "node-a";
  private static final String DRIVER = GpuPluginConfig.DRIVER_NAME;
  private static final String PROFILE = "dgx-h100";
  private static final Duration EXIT_TIMEOUT = Duration.ofSeconds(10);

  enum Operation {
    PREPARE,
    UNPREPARE
  }

  /**
   * @param step where the plugin halts
   * @param operation the kubelet call during which it gets there
   * @param entryAfterCrash the claim's checkpoint state the crash leaves, empty for no entry
   * @param specAfterCrash whether the crash leaves the claim's CDI spec on disk
   */
  record Crash(
      Step step,
      Operation operation,
      Optional<ClaimState> entryAfterCrash,
      boolean specAfterCrash) {
    @Override
    public String toString() {
      return operation.name().toLowerCase() + " halted at " + step;
    }
  }

  /** One crash per step; the switch fails to compile when a step is added without a case. */
  static Stream<Crash> crashes() {
    return Arrays.stream(Step.values())
        .map(step ->
            switch (step) {
              case PREPARE_STARTED_WRITTEN ->
                  new Crash(
                      step, Operation.PREPARE, Optional.of(ClaimState.PREPARE_STARTED), false);
              case DEVICES_SET_UP ->
                  new Crash(
                      step, Operation.PREPARE, Optional.of(ClaimState.PREPARE_STARTED), false);
              case CDI_SPEC_WRITTEN ->
                  new Crash(step, Operation.PREPARE, Optional.of(ClaimState.PREPARE_STARTED), true);
              case PREPARE_COMPLETED_WRITTEN ->
                  new Crash(
                      step, Operation.PREPARE, Optional.of(ClaimState.PREPARE_COMPLETED), true);
              case CDI_SPEC_DELETED ->
                  new Crash(
                      step, Operation.UNPREPARE, Optional.of(ClaimState.PREPARE_COMPLETED), false);
              case CHECKPOINT_ENTRY_REMOVED ->
                  new Crash(step, Operation.UNPREPARE, Optional.empty(), false);
            });
  }

  @TempDir Path root;
  private NodeDirs dirs;
  private StandInNode node;
  private ApiClaims claims;
  private KubeletStandIn kubelet;
  private Path kubeconfig;
  private final List<ChildPlugin> children = new ArrayList<>();

  @BeforeEach
  void startNode() {
    node = new StandInNode(root, NODE);
    dirs = node.dirs;
    claims = node.claims;
    kubeconfig = node.kubeconfig;
    kubelet = node.kubelet;
  }

  @AfterEach
  void stopNode() {
    children.forEach(ChildPlugin::close);
    if (node != null) {
      node.close();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("crashes")
  @DisplayName(
      "after a crash at any durable step, the restarted plugin completes the kubelet's retry"
          + " exactly as a crash-free run would, and still refuses the device to another claim")
  void retryAfterCrashEndsInTheCrashFreeState(Crash crash) throws Exception {
    ClaimRef a = claims.named("a").device("gpu", "gpu-0").create();
    ChildPlugin crashing = startPlugin(Optional.of(crash.step()));
    if (crash.operation() == Operation.UNPREPARE) {
      assertThat(prepare(a).devices()).isEqualTo(crashFreeDevices(a));
    }

    assertThatThrownBy(() -> call(crash.operation(), a)).isInstanceOf(DraCallException.class);
    assertThat(crashing.awaitExit(EXIT_TIMEOUT))
        .as("exit status; output:%n%s", crashing.output())
        .isEqualTo(CrashingPluginMain.CRASH_STATUS);
    assertThat(entry(a).map(PreparedClaim::state)).isEqualTo(crash.entryAfterCrash());
    assertThat(Files.exists(dirs.specFile(a.uid()))).isEqualTo(crash.specAfterCrash());

    startPlugin(Optional.empty());

    switch (crash.operation()) {
      case PREPARE -> {
        PrepareResult retried = prepare(a);
        assertThat(retried.error()).isEmpty();
        assertThat(retried.devices()).isEqualTo(crashFreeDevices(a));
        assertThat(dirs.cdiFiles()).containsExactly(dirs.specFile(a.uid()));
        assertThat(entry(a))
            .get()
            .satisfies(e -> {
              assertThat(e.state()).isEqualTo(ClaimState.PREPARE_COMPLETED);
              assertThat(e.devices()).extracting(d -> d.device()).containsExactly("gpu-0");
            });
        ClaimRef b = claims.named("b").device("gpu", "gpu-0").create();
        assertThat(prepare(b).error())
            .contains("default/b", "\"gpu-0\"", "already allocated to different claim " + a.uid());
        assertThat(dirs.cdiFiles()).containsExactly(dirs.specFile(a.uid()));
        assertThat(entry(b)).isEmpty();
      }
      case UNPREPARE -> {
        UnprepareResult retried = unprepare(a);
        assertThat(retried.error()).isEmpty();
        assertThat(dirs.cdiFiles()).isEmpty();
        assertThat(entry(a)).isEmpty();
      }
    }
  }

  private ChildPlugin startPlugin(Optional<Step> crashAt) {
    Path log = root.resolve("plugin-" + children.size() + ".log");
    ChildPlugin child = ChildPlugin.on(kubeconfig, NODE, dirs).start(PROFILE, crashAt, log);
    children.add(child);
    return child;
  }

  private void call(Operation operation, ClaimRef claim) {
    switch (operation) {
      case PREPARE -> prepare(claim);
      case UNPREPARE -> unprepare(claim);
    }
  }

  private PrepareResult prepare(ClaimRef claim) {
    return kubelet.prepare(DRIVER, List.of(claim)).get(claim.uid());
  }

  private UnprepareResult unprepare(ClaimRef claim) {
    return kubelet.unprepare(DRIVER, List.of(claim)).get(claim.uid());
  }

  private Optional<PreparedClaim> entry(ClaimRef claim) {
    return NodeDirs.entry(dirs.foreignCheckpoint(), claim.uid());
  }

  /** What a run without crashes returns for a claim of gpu-0 under request {@code gpu}. */
  private static List<PreparedDevice> crashFreeDevices(ClaimRef claim) {
    return List.of(
        new PreparedDevice(
            List.of("gpu"),
            NODE,
            "gpu-0",
            List.of("k8s.gpu.nvidia.com/claim=" + claim.uid() + "-gpu-0"),
            Optional.empty()));
  }
}
