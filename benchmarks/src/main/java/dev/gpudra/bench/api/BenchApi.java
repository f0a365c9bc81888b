package dev.gpudra.bench.api;

import dev.gpudra.localcluster.api.LocalApiServer;
import dev.gpudra.realcluster.controlplane.ControlPlaneProcess;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The API server a bench runs against: the embedded one (fabric8's mock with our validation and
 * name index) or {@code gpu-dra-testcluster}'s real kube-apiserver and etcd.
 */
public sealed interface BenchApi extends AutoCloseable {
  KubernetesClient client();

  /** What it is, for the report. */
  String description();

  @Override
  void close();

  static BenchApi embedded() {
    return new Embedded(new LocalApiServer().start());
  }

  /**
   * @param binary the {@code gpu-dra-testcluster} executable
   */
  static BenchApi real(Path binary) throws InterruptedException {
    Path work;
    try {
      work = Files.createTempDirectory("gpu-dra-bench-");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot make a work directory for the control plane", e);
    }
    return new Real(ControlPlaneProcess.start(binary, work, Duration.ofSeconds(120)), work);
  }

  record Embedded(LocalApiServer server) implements BenchApi {
    @Override
    public KubernetesClient client() {
      return server.client();
    }

    @Override
    public String description() {
      return "the embedded API server";
    }

    @Override
    public void close() {
      server.close();
    }
  }

  record Real(ControlPlaneProcess process, Path work) implements BenchApi {
    @Override
    public KubernetesClient client() {
      return process.client();
    }

    @Override
    public String description() {
      return "gpu-dra-testcluster (kube-apiserver, etcd)";
    }

    @Override
    public void close() {
      process.close();
      try (Stream<Path> files = Files.walk(work)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      } catch (IOException e) {
        throw new UncheckedIOException("cannot remove " + work, e);
      }
    }
  }
}
