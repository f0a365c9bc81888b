package dev.gpudra.deviceplugin.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.kit.grpc.UnixSocketTransport;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.AllocateRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.AllocateResponse;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.ContainerAllocateRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.Device;
import dev.gpudra.testfixtures.process.GcFigures;
import dev.gpudra.testfixtures.process.PeakRss;
import dev.gpudra.testsupport.devicemanager.DeviceManagerStandIn;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The classic device plugin in a JVM of its own on a 64 MiB heap, under its worst legal input: a
 * config file at the loader's 1 MiB bound, every byte of it parsed into the config (a device list
 * strategy list of 63,539 entries, all kept; device specs passed), time-slicing 8 GPUs as 128
 * replicas each, and then an Allocate for every one of the 1,024 devices, 4 at a time, and one for
 * all of them.
 */
class DevicePluginHeapIT {
  /** The bound on the live heap after a collection: 16 MiB measured (2026-12-06). */
  static final long LIVE_BOUND_MIB = 24;

  static final int CONFIG_MAX_BYTES = 1 << 20;
  static final int REPLICAS = 128;
  static final String RESOURCE = "nvidia.com/gpu.shared";
  @TempDir Path dir;
  private UnixSocketTransport transport;
  private DeviceManagerStandIn kubelet;
  private Process plugin;

  @AfterEach
  void stop() throws Exception {
    if (plugin != null) {
      plugin.destroyForcibly().waitFor();
    }
    if (kubelet != null) {
      kubelet.close();
    }
    if (transport != null) {
      transport.close();
    }
  }

  /** The largest config the loader accepts, padded with strategies it must parse and keep. */
  static String worstConfig() {
    String head =
        """
        sharing:
          timeSlicing:
            renameByDefault: true
            resources:
            - name: nvidia.com/gpu
              replicas: %d
        flags:
          plugin:
            passDeviceSpecs: true
            deviceListStrategy:
        """
            .formatted(REPLICAS);
    StringBuilder yaml = new StringBuilder(head);
    String[] entries = {"    - envvar\n", "    - volume-mounts\n"};
    for (int i = 0; yaml.length() + entries[i % 2].length() <= CONFIG_MAX_BYTES; i++) {
      yaml.append(entries[i % 2]);
    }
    return yaml.toString();
  }

  @Test
  @DisplayName(
      "a 1 MiB config (63,539 strategies, 8 GPUs x 128 replicas) and an Allocate for each of the"
          + " 1,024 devices on a 64 MiB heap: all answered, the process alive, live heap bounded")
  void worstLegalInput() throws Exception {
    Path config = dir.resolve("config.yaml");
    Files.writeString(config, worstConfig());
    assertThat(Files.size(config)).isBetween(CONFIG_MAX_BYTES - 20L, (long) CONFIG_MAX_BYTES);
    transport = new UnixSocketTransport(2);
    kubelet = new DeviceManagerStandIn(dir).start();
    Path gcLog = dir.resolve("gc.log");
    plugin = start(config, gcLog);

    await().atMost(Duration.ofSeconds(30)).until(() -> !kubelet.lists(RESOURCE).isEmpty());
    List<String> ids =
        kubelet.lists(RESOURCE).getFirst().getDevicesList().stream().map(Device::getID).toList();
    assertThat(ids).hasSize(8 * REPLICAS);
    ExecutorService callers = Executors.newFixedThreadPool(4);
    List<CompletableFuture<AllocateResponse>> answers =
        ids.stream()
            .map(id -> CompletableFuture.supplyAsync(() -> allocate(List.of(id)), callers))
            .toList();
    for (CompletableFuture<AllocateResponse> answer : answers) {
      assertThat(answer.join().getContainerResponses(0).getMountsCount()).isOne();
    }
    callers.shutdown();
    assertThat(allocate(ids).getContainerResponses(0).getMountsCount())
        .as("every GPU once")
        .isEqualTo(8);

    assertThat(plugin.isAlive()).as(Files.readString(dir.resolve("plugin.log"))).isTrue();
    long peakRss = PeakRss.kib(plugin.pid());
    plugin.getOutputStream().close();
    assertThat(plugin.waitFor()).as(Files.readString(dir.resolve("plugin.log"))).isZero();
    GcFigures gc = GcFigures.of(gcLog);
    System.out.printf(
        "device plugin heap: peak before a collection %d MiB, largest live set after one %d MiB,"
            + " peak RSS %d MiB (bound %d MiB)%n",
        gc.peakMib(), gc.liveMib(), peakRss / 1024, LIVE_BOUND_MIB);
    assertThat(gc.liveMib()).as("largest live set, MiB").isLessThanOrEqualTo(LIVE_BOUND_MIB);
  }

  private Process start(Path config, Path gcLog) throws Exception {
    String java = ProcessHandle.current().info().command().orElseThrow();
    Process process =
        new ProcessBuilder(
                java,
                "-Xmx64m",
                "--enable-native-access=ALL-UNNAMED",
                "-XX:+ExitOnOutOfMemoryError",
                "-Xlog:gc:file=" + gcLog,
                "-cp",
                System.getProperty("java.class.path"),
                DevicePluginProcess.class.getName(),
                config.toString(),
                kubelet.socket().toString(),
                "dgx-h100",
                dir.resolve("work").toString())
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("plugin.log").toFile())
            .start();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> {
          String log = Files.readString(dir.resolve("plugin.log"));
          assertThat(process.isAlive()).as(log).isTrue();
          return log.contains(DevicePluginProcess.READY);
        });
    return process;
  }

  private AllocateResponse allocate(List<String> ids) {
    return kubelet
        .registered(RESOURCE)
        .allocate(
            AllocateRequest.newBuilder()
                .addContainerRequests(ContainerAllocateRequest.newBuilder().addAllDevicesIds(ids))
                .build());
  }
}
