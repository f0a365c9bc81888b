package dev.gpudra.gpu.plugin;

import static dev.gpudra.gpu.plugin.ApiClaims.params;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.gpu.checkpoint.CheckpointDevice;
import dev.gpudra.gpu.mps.MpsDaemon;
import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.checkpoint.ClaimState;
import dev.gpudra.kit.mount.LibcTmpfs;
import dev.gpudra.nvml.ComputeMode;
import dev.gpudra.nvml.simulated.GpuSettings;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MPSSupport through the kubelet stand-in's gRPC calls, against the in-process API server with a
 * stand-in that runs Deployments ({@link DeploymentRunner}): the daemon's Deployment as NVIDIA's
 * template makes it, its real tmpfs, the compute mode in the simulated NVML, the CDI edits that
 * connect the containers, and everything gone after unprepare. NVIDIA's {@code gpu-test-mps}.
 */
class MpsIT {
  private static final FeatureGates ON = FeatureGates.parse("MPSSupport=true");
  private static final String NAMESPACE = "gpu-dra";

  @TempDir Path root;
  private PluginNode node;
  private DeploymentRunner runner;

  @AfterEach
  void stop() throws java.io.IOException {
    if (runner != null) {
      runner.close();
    }
    if (node != null) {
      node.close();
    }
    // claims left prepared keep their tmpfs, as on a node; the test's directory must not
    Path mps = root.resolve("plugins/gpu.nvidia.com/mps");
    if (Files.isDirectory(mps)) {
      try (java.util.stream.Stream<Path> dirs = Files.list(mps)) {
        dirs.forEach(d -> new LibcTmpfs().unmount(d.resolve("shm")));
      }
    }
  }

  private void start() {
    node = PluginNode.start(root, PluginNode.Setup.defaults().withGates(ON));
    runner = new DeploymentRunner(node.client, NAMESPACE);
  }

  private static Map<String, Object> mps(Map<String, Object> mpsConfig) {
    return params(
        "GpuConfig", Map.of("sharing", Map.of("strategy", "MPS", "mpsConfig", mpsConfig)));
  }

  private ClaimRef claim(String name, Map<String, Object> mpsConfig, String... devices) {
    ApiClaims.Claim builder = node.claims.named(name);
    for (String device : devices) {
      builder = builder.device("gpu", device);
    }
    return builder.config(List.of("gpu"), mps(mpsConfig)).create();
  }

  private String error(ClaimRef claim) {
    return node.prepare(claim).get(claim.uid()).error();
  }

  private List<Deployment> deployments() {
    return node.client.apps().deployments().inNamespace(NAMESPACE).list().getItems();
  }

  private String uuid(String device) {
    return node.plugin().parts().inventory().device(device).orElseThrow().uuid();
  }

  private Path mpsDir(String id) {
    return node.dirs.dataDir().resolve("mps").resolve(id);
  }

  @Test
  @DisplayName(
      "an MPS claim gets its control daemon Deployment as NVIDIA's (pinned, hostPID, privileged,"
          + " the driver's image, its settings), a tmpfs shm, EXCLUSIVE_PROCESS GPUs and CDI edits;"
          + " unprepare takes all of it away")
  void daemonLifecycle() {
    start();
    ClaimRef claim =
        claim(
            "shared",
            Map.of(
                "defaultActiveThreadPercentage",
                50,
                "defaultPinnedDeviceMemoryLimit",
                "10Gi",
                "defaultPerDevicePinnedMemoryLimit",
                Map.of("1", "2Gi")),
            "gpu-3",
            "gpu-1");

    assertThat(error(claim)).isEmpty();

    List<String> uuids = java.util.stream.Stream.of(uuid("gpu-1"), uuid("gpu-3")).sorted().toList();
    Deployment deployment = deployments().getFirst();
    assertThat(deployments()).hasSize(1);
    String id = deployment.getMetadata().getName().substring(MpsDaemon.NAME_PREFIX.length());
    assertThat(id).matches(claim.uid() + "-[0-9a-f]{5}");
    assertDaemonPod(deployment, id, uuids);
    assertThat(new LibcTmpfs().mounted(mpsDir(id).resolve("shm"))).isTrue();
    assertThat(node.settings("gpu-1").computeMode()).isEqualTo(ComputeMode.EXCLUSIVE_PROCESS);
    assertThat(node.settings("gpu-3").computeMode()).isEqualTo(ComputeMode.EXCLUSIVE_PROCESS);
    assertThat(node.settings("gpu-2")).isEqualTo(GpuSettings.BOOT);
    assertThat(node.entry(claim.uid()).orElseThrow().devices())
        .extracting(d -> d.sharingOrNone().mpsControlDaemonId())
        .containsOnly(id);
    String spec = node.dirs.specText(claim.uid());
    assertThat(spec)
        .contains("CUDA_MPS_PIPE_DIRECTORY=/tmp/nvidia-mps")
        .contains("hostPath: \"" + mpsDir(id).resolve("shm") + "\"")
        .contains("containerPath: \"/dev/shm\"")
        .contains("hostPath: \"" + mpsDir(id).resolve("pipe") + "\"")
        .contains("containerPath: \"/tmp/nvidia-mps\"");

    assertThat(node.unprepare(claim).get(claim.uid()).error()).isEmpty();

    assertThat(deployments()).isEmpty();
    assertThat(new LibcTmpfs().mounted(mpsDir(id).resolve("shm"))).isFalse();
    assertThat(mpsDir(id)).doesNotExist();
    assertThat(node.settings("gpu-1")).isEqualTo(GpuSettings.BOOT);
    assertThat(node.settings("gpu-3")).isEqualTo(GpuSettings.BOOT);
  }

  /** The daemon's pod: on this node, privileged, the image, the limits, the group's GPUs. */
  private void assertDaemonPod(Deployment deployment, String id, List<String> uuids) {
    PodSpec pod = deployment.getSpec().getTemplate().getSpec();
    Container container = pod.getContainers().getFirst();
    assertThat(pod.getNodeName()).isEqualTo(PluginNode.NAME);
    assertThat(pod.getHostPID()).isTrue();
    assertThat(container.getSecurityContext().getPrivileged()).isTrue();
    assertThat(container.getImage()).isEqualTo(NodeDirs.IMAGE);
    assertThat(container.getArgs())
        .containsExactly(
            "mps-control-daemon",
            "--driver-root=/driver-root",
            "--active-thread-percentage=50",
            "--pinned-device-memory-limit=" + uuids.get(0) + "=10240M",
            "--pinned-device-memory-limit=" + uuids.get(1) + "=2048M");
    assertThat(container.getEnv())
        .anySatisfy(e -> {
          assertThat(e.getName()).isEqualTo("CUDA_VISIBLE_DEVICES");
          assertThat(e.getValue()).isEqualTo(String.join(",", uuids));
        });
    assertThat(pod.getVolumes())
        .extracting(Volume::getName, v -> v.getHostPath().getPath())
        .contains(
            org.assertj.core.groups.Tuple.tuple("mps-pipe", mpsDir(id).resolve("pipe").toString()),
            org.assertj.core.groups.Tuple.tuple("mps-shm", mpsDir(id).resolve("shm").toString()));
  }

  @Test
  @DisplayName(
      "a daemon that is not ready fails the prepare with a retryable error naming why; the"
          + " kubelet's retry waits for the same Deployment instead of making another")
  void notReadyIsRetried() {
    start();
    runner.running(false);
    ClaimRef claim = claim("waiting", Map.of(), "gpu-0");

    assertThat(error(claim))
        .contains("default/waiting")
        .contains("is not ready after 2s (no pod yet)")
        .contains("the kubelet retries the claim");
    assertThat(node.entry(claim.uid()).orElseThrow().state()).isEqualTo(ClaimState.PREPARE_STARTED);
    String first = deployments().getFirst().getMetadata().getUid();

    runner.running(true);
    assertThat(error(claim)).isEmpty();

    assertThat(deployments()).extracting(d -> d.getMetadata().getUid()).containsExactly(first);
    assertThat(node.entry(claim.uid()).orElseThrow().state())
        .isEqualTo(ClaimState.PREPARE_COMPLETED);
  }

  @Test
  @DisplayName("multiUser (NVIDIA 0.5): the daemon is started multi-user (-M) on Volta and newer")
  void multiUser() {
    start();
    ClaimRef claim = claim("multi", Map.of("multiUser", true), "gpu-0");

    assertThat(error(claim)).isEmpty();

    assertThat(deployments().getFirst().getSpec().getTemplate().getSpec().getContainers())
        .singleElement()
        .satisfies(c -> assertThat(c.getArgs()).contains("--multi-user=true"));
  }

  @Test
  @DisplayName(
      "multiUser on a Pascal GPU (compute capability 6.0) fails its claim naming the field and"
          + " the GPU, before any Deployment")
  void multiUserNeedsVolta() throws java.io.IOException {
    Path profile = root.resolve("p100.yaml");
    Files.writeString(
        profile,
        """
        driverVersion: "580.95.05"
        cudaDriverVersion: 13000
        gpus:
          - {count: 1, name: Tesla P100-SXM2-16GB, brand: Tesla, architecture: Pascal,
             computeCapability: "6.0", memoryMiB: 16384, pciDeviceId: "0x15F910DE",
             migMode: NotSupported}
        """);
    node =
        PluginNode.start(
            root, PluginNode.Setup.defaults().withGates(ON).withProfile(profile.toString()));
    runner = new DeploymentRunner(node.client, NAMESPACE);
    ClaimRef claim = claim("old", Map.of("multiUser", true), "gpu-0");

    assertThat(error(claim))
        .contains(
            "sharing.mpsConfig.multiUser",
            "multi-user mode is not supported",
            "compute capability 6.0",
            "7.0 (Volta)");
    assertThat(deployments()).isEmpty();
  }

  @Test
  @DisplayName(
      "a per-device limit that names no device of the group fails its claim naming the field,"
          + " before any Deployment, directory or compute mode")
  void badLimitFailsTheClaimOnly() {
    start();
    ClaimRef bad =
        claim("bad", Map.of("defaultPerDevicePinnedMemoryLimit", Map.of("5", "1Gi")), "gpu-0");

    assertThat(error(bad))
        .contains("invalid device config")
        .contains("sharing.mpsConfig.defaultPerDevicePinnedMemoryLimit[5]")
        .contains("invalid device");
    assertThat(deployments()).isEmpty();
    assertThat(node.dirs.dataDir().resolve("mps")).doesNotExist();
    assertThat(node.settings("gpu-0")).isEqualTo(GpuSettings.BOOT);
    assertThat(node.entry(bad.uid())).isEmpty();
  }

  @Test
  @DisplayName(
      "at start, a daemon no claim holds (left by a crash) is stopped: Deployment, tmpfs and"
          + " directories; the daemons of prepared claims stay")
  void strayDaemonsAreStopped() throws Exception {
    start();
    ClaimRef held = claim("held", Map.of(), "gpu-0");
    assertThat(error(held)).isEmpty();
    String heldName = deployments().getFirst().getMetadata().getName();
    Deployment stray = deployments().getFirst();
    stray.getMetadata().setName(MpsDaemon.name("lost-claim-abcde"));
    stray.getMetadata().setResourceVersion(null);
    stray.getMetadata().setUid(null);
    node.client.apps().deployments().inNamespace(NAMESPACE).resource(stray).create();
    Files.createDirectories(mpsDir("lost-claim-abcde").resolve("shm"));

    List<String> stopped = node.plugin().parts().state().cleanUpAtStart();

    assertThat(stopped).containsExactly("lost-claim-abcde");
    assertThat(deployments()).extracting(d -> d.getMetadata().getName()).containsExactly(heldName);
    assertThat(mpsDir("lost-claim-abcde")).doesNotExist();
    assertThat(node.entry(held.uid()).orElseThrow().devices())
        .extracting(CheckpointDevice::device)
        .containsExactly("gpu-0");
  }
}
