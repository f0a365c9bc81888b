package dev.gpudra.gpu.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.kit.grpc.UnixSocketTransport;
import dev.gpudra.kit.proto.health.v1alpha1.DRAResourceHealthGrpc;
import dev.gpudra.kit.proto.health.v1alpha1.DeviceHealth;
import dev.gpudra.kit.proto.health.v1alpha1.NodeWatchResourcesRequest;
import dev.gpudra.kit.proto.health.v1alpha1.NodeWatchResourcesResponse;
import dev.gpudra.node.xid.HealthSettings;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.RecoveryAction;
import io.fabric8.kubernetes.api.model.Event;
import io.grpc.ManagedChannel;
import io.grpc.stub.StreamObserver;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * NVMLDeviceHealthCheck through the real plugin: XIDs injected into the simulated NVML become
 * device taints in the ResourceSlice on the API server, Node Events, metrics, and the device health
 * on the DRA socket's {@code NodeWatchResources} stream.
 */
class HealthIT {
  /** DGX A100 with static MIG: gpu-0 is split into 1g.5gb devices (GI 7..13), gpu-2..7 whole. */
  private static final String PROFILE = "dgx-a100-mig";

  private static final Duration RECOVERY = Duration.ofSeconds(2);

  @TempDir Path root;
  private PluginNode node;
  private final UnixSocketTransport transport = new UnixSocketTransport(1);
  private ManagedChannel channel;
  private final AtomicReference<NodeWatchResourcesResponse> latest = new AtomicReference<>();

  @BeforeEach
  void start() {
    node =
        PluginNode.start(
            root,
            PluginNode.Setup.defaults()
                .withProfile(PROFILE)
                .withGates(FeatureGates.parse("NVMLDeviceHealthCheck=true"))
                .withHealth(HealthSettings.of(List.of(), List.of(), RECOVERY))
                .withMetricsOnAnyPort());
    channel = transport.channelFor(node.dirs.dataDir().resolve("dra.sock"));
    DRAResourceHealthGrpc.newStub(channel)
        .nodeWatchResources(
            NodeWatchResourcesRequest.getDefaultInstance(),
            new StreamObserver<>() {
              @Override
              public void onNext(NodeWatchResourcesResponse value) {
                latest.set(value);
              }

              @Override
              public void onError(Throwable t) {}

              @Override
              public void onCompleted() {}
            });
  }

  @AfterEach
  void stop() {
    if (channel != null) {
      channel.shutdownNow();
    }
    transport.close();
    if (node != null) {
      node.close();
    }
  }

  private GpuInfo gpu(String device) {
    return node.plugin().parts().inventory().device(device).orElseThrow().gpu();
  }

  private List<String> taints(String device) {
    return node.taints(device);
  }

  /** The device's health as the kubelet's stream last heard it, as {@code STATUS message}. */
  private String streamed(String device) {
    NodeWatchResourcesResponse response = latest.get();
    if (response == null) {
      return "nothing yet";
    }
    Map<String, DeviceHealth> byName =
        response.getDevicesList().stream()
            .collect(Collectors.toMap(d -> d.getDevice().getDeviceName(), d -> d));
    DeviceHealth health = byName.get(device);
    return health == null ? "absent" : (health.getHealth() + " " + health.getMessage()).strip();
  }

  private List<String> events(String reason) {
    return node.client.v1().events().inNamespace("default").list().getItems().stream()
        .filter(e -> reason.equals(e.getReason()))
        .map(Event::getMessage)
        .toList();
  }

  @Test
  @DisplayName(
      "a fatal XID (NVML asks for a reboot) taints its GPU NoSchedule in the slice, says Unhealthy"
          + " to the kubelet, posts a Warning Event and counts in the metrics; it stays past the"
          + " recovery period and goes once NVML needs no recovery")
  void fatalXid() throws Exception {
    await().until(() -> streamed("gpu-2").equals("HEALTHY"));
    assertThat(latest.get().getDevices(0).getDevice().getPoolName()).isEqualTo(PluginNode.NAME);

    node.gpus().injectXid(gpu("gpu-2"), 79);

    await().until(() -> taints("gpu-2").equals(List.of("gpu.nvidia.com/xid=79:NoSchedule")));
    await().until(() -> streamed("gpu-2").equals("UNHEALTHY critical XID 79 reported by NVML"));
    assertThat(taints("gpu-3")).isEmpty();
    assertThat(streamed("gpu-3")).isEqualTo("HEALTHY");
    await()
        .until(
            () -> events("DeviceTainted"),
            e ->
                e.contains(
                    "gpu-2: XID 79 (fatal: NVML recovery action NODE_REBOOT): taint"
                        + " gpu.nvidia.com/xid=79:NoSchedule added"));
    String metrics = scrape(node.plugin().metricsPort().orElseThrow());
    assertThat(metrics)
        .contains(
            "gpu_dra_device_taints{device=\"gpu-2\",effect=\"NoSchedule\",key=\"gpu.nvidia.com/xid\","
                + "node=\"node-a\",value=\"79\"} 1")
        .contains(
            "gpu_dra_xid_events_total{device=\"gpu-2\",node=\"node-a\",severity=\"fatal\",xid=\"79\"}"
                + " 1.0");

    Thread.sleep(RECOVERY.plusSeconds(1).toMillis());
    node.gpus().injectXid(gpu("gpu-3"), 31); // one more pass of the monitor
    await().until(() -> taints("gpu-3").equals(List.of("gpu.nvidia.com/xid=31:None")));
    assertThat(taints("gpu-2")).containsExactly("gpu.nvidia.com/xid=79:NoSchedule");

    node.gpus().setRecoveryAction(gpu("gpu-2"), RecoveryAction.NONE); // the node was rebooted
    await().until(() -> taints("gpu-2").isEmpty());
    await().until(() -> streamed("gpu-2").equals("HEALTHY"));
    assertThat(events("DeviceRecovered"))
        .contains(
            "gpu-2: NVML recovery action NONE again after XID 79: taint"
                + " gpu.nvidia.com/xid=79:NoSchedule removed");
  }

  @Test
  @DisplayName(
      "a non-fatal XID (NVML needs no recovery) is a None taint, the device stays Healthy, and"
          + " the taint goes after a clean recovery period with a Normal Event")
  void nonFatalRecovers() {
    node.gpus().injectXid(gpu("gpu-4"), 8);
    node.gpus().injectXid(gpu("gpu-5"), 31, RecoveryAction.RECOVER_IMEX_DOMAIN);

    await().until(() -> taints("gpu-4").equals(List.of("gpu.nvidia.com/xid=8:None")));
    await().until(() -> taints("gpu-5").equals(List.of("gpu.nvidia.com/xid=31:None")));
    await().until(() -> streamed("gpu-4").equals("HEALTHY non-fatal XID 8 reported by NVML"));

    await().atMost(Duration.ofSeconds(20)).until(() -> taints("gpu-4").isEmpty());
    await().until(() -> streamed("gpu-4").equals("HEALTHY"));
    assertThat(events("DeviceTainted"))
        .contains(
            "gpu-4: XID 8 (non-fatal: NVML recovery action NONE): taint gpu.nvidia.com/xid=8:None"
                + " added");
    assertThat(events("DeviceRecovered"))
        .contains(
            "gpu-4: no further XID for 2 s after XID 8: taint gpu.nvidia.com/xid=8:None removed");
  }

  @Test
  @DisplayName(
      "a non-fatal XID on a MIG device taints that device only, a fatal one every device of its"
          + " GPU; a lost GPU taints every device on it gpu-lost and is not watched again")
  void migDeviceAndLostGpu() {
    GpuInfo split = gpu("gpu-0-mig-1g5gb-19-0");
    int gi =
        ((dev.gpudra.gpu.discovery.StaticMigDevice)
                node.plugin().parts().inventory().device("gpu-0-mig-1g5gb-19-1").orElseThrow())
            .mig()
            .gpuInstanceId();

    node.gpus().injectXid(split, 94, gi, 0);

    await()
        .until(() -> taints("gpu-0-mig-1g5gb-19-1").equals(List.of("gpu.nvidia.com/xid=94:None")));
    assertThat(taints("gpu-0-mig-1g5gb-19-0")).isEmpty();
    node.gpus().injectXid(split, 48, gi, 0); // double-bit ECC: the driver asks for a GPU reset
    await()
        .until(() ->
            taints("gpu-0-mig-1g5gb-19-0").equals(List.of("gpu.nvidia.com/xid=48:NoSchedule")));
    assertThat(taints("gpu-0-mig-1g5gb-19-1")).containsExactly("gpu.nvidia.com/xid=48:NoSchedule");

    node.gpus().loseGpu(gpu("gpu-6"));

    await().until(() -> taints("gpu-6").equals(List.of("gpu.nvidia.com/gpu-lost:NoSchedule")));
    await().until(() -> streamed("gpu-6").equals("UNHEALTHY GPU is lost"));
    node.gpus().injectXid(gpu("gpu-7"), 79);
    await().until(() -> taints("gpu-7").equals(List.of("gpu.nvidia.com/xid=79:NoSchedule")));
  }

  private static String scrape(int port) throws Exception {
    try (HttpClient http = HttpClient.newHttpClient()) {
      HttpResponse<String> response =
          http.send(
              HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics")).build(),
              HttpResponse.BodyHandlers.ofString());
      return response.body();
    }
  }
}
