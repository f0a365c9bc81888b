package dev.gpudra.conformance;

import static org.awaitility.Awaitility.await;

import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.UnprepareResult;
import dev.gpudra.localcluster.api.LocalApiServer;
import dev.gpudra.localcluster.kubelet.KubeletStandIn;
import dev.gpudra.localcluster.kubelet.StandInConfig;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * A node that NVIDIA's plugin and ours take turns on, as when a node moves from one to the other:
 * one API server, one kubelet stand-in and one node directory (CDI root, kubelet directories,
 * checkpoint) for the whole run. Each plugin runs as a process until {@link #stop}.
 */
final class PrepareCapture implements AutoCloseable {
  static final String NAMESPACE = "conformance";
  private static final Duration REGISTERED = Duration.ofSeconds(60);

  private final LocalApiServer api = new LocalApiServer().start();
  private final KubernetesClient client = api.client();
  private final KubeletStandIn kubelet;
  private final Plugin.Node node;
  private final PoolCapture.Run run;
  private Process process;

  PrepareCapture(PoolCapture.Run run, Path dir) {
    this.run = run;
    client
        .nodes()
        .resource(
            new NodeBuilder().withNewMetadata().withName(run.nodeName()).endMetadata().build())
        .create();
    client
        .resource(
            new NamespaceBuilder().withNewMetadata().withName(NAMESPACE).endMetadata().build())
        .create();
    node = new Plugin.Node(run.nodeName(), api.writeKubeconfig(dir.resolve("kubeconfig")), dir);
    node.createDirectories();
    kubelet =
        new KubeletStandIn(
            StandInConfig.of(dir.resolve("plugins_registry"), run.nodeName()), client);
    kubelet.start();
  }

  /** Starts {@code plugin} and waits until the kubelet registered it and its pool is whole. */
  void start(Plugin plugin, List<String> moreFlags) {
    List<String> command = new ArrayList<>(plugin.command(node, run.driverRoot()));
    command.addAll(run.flags());
    command.addAll(moreFlags);
    process = PoolCapture.start(command, node.dir().resolve(plugin.name() + ".log"));
    await()
        .atMost(REGISTERED)
        .pollInterval(Duration.ofMillis(100))
        .until(() -> kubelet.isRegistered(PoolCapture.DRIVER) || !process.isAlive());
    if (!process.isAlive()) {
      throw new IllegalStateException(
          plugin.name() + " plugin exited; its log: " + node.dir().resolve(plugin.name() + ".log"));
    }
    PoolCapture.settled(client, run.nodeName());
  }

  /** Stops the running plugin (SIGTERM), as the kubelet's runtime stops its container. */
  void stop() {
    if (process != null) {
      PoolCapture.stop(process);
      process = null;
      await().atMost(REGISTERED).until(() -> !kubelet.isRegistered(PoolCapture.DRIVER));
    }
  }

  /** A claim allocated {@code device} of this node, as kube-scheduler writes it. */
  ClaimRef claim(String name, String device) {
    ResourceClaim created =
        client
            .resource(
                new ResourceClaimBuilder()
                    .withNewMetadata()
                    .withNamespace(NAMESPACE)
                    .withName(name)
                    .endMetadata()
                    .withNewSpec()
                    .withNewDevices()
                    .addNewRequest()
                    .withName("gpu")
                    .withNewExactly()
                    .withDeviceClassName("gpu.nvidia.com")
                    .endExactly()
                    .endRequest()
                    .endDevices()
                    .endSpec()
                    .build())
            .create();
    created.setStatus(
        new io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimStatusBuilder()
            .withNewAllocation()
            .withNewDevices()
            .addNewResult()
            .withRequest("gpu")
            .withDriver(PoolCapture.DRIVER)
            .withPool(run.nodeName())
            .withDevice(device)
            .endResult()
            .endDevices()
            .endAllocation()
            .addNewReservedFor()
            .withResource("pods")
            .withName(name)
            .withUid(java.util.UUID.nameUUIDFromBytes(name.getBytes()).toString())
            .endReservedFor()
            .build());
    client.resource(created).updateStatus();
    return new ClaimRef(NAMESPACE, name, created.getMetadata().getUid());
  }

  PrepareResult prepare(ClaimRef claim) {
    return kubelet.prepare(PoolCapture.DRIVER, List.of(claim)).get(claim.uid());
  }

  UnprepareResult unprepare(ClaimRef claim) {
    return kubelet.unprepare(PoolCapture.DRIVER, List.of(claim)).get(claim.uid());
  }

  /** The CDI root's files, by name, with their text. */
  Map<String, String> cdiFiles() {
    Map<String, String> files = new TreeMap<>();
    try (Stream<Path> list = Files.list(node.dir().resolve("cdi"))) {
      for (Path file : list.filter(Files::isRegularFile).toList()) {
        files.put(file.getFileName().toString(), Files.readString(file));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the CDI root of " + node.dir(), e);
    }
    return files;
  }

  /** The GPU plugin's checkpoint, as the running or last plugin left it. */
  String checkpoint() {
    Path file =
        node.dir().resolve("plugins").resolve(PoolCapture.DRIVER).resolve("checkpoint.json");
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }

  Path dir() {
    return node.dir();
  }

  @Override
  public void close() {
    stop();
    kubelet.close();
    api.close();
  }
}
