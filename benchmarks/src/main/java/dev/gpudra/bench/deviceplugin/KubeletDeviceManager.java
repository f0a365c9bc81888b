package dev.gpudra.bench.deviceplugin;

import dev.gpudra.bench.PluginProcess;
import dev.gpudra.kit.grpc.UnixSocketServer;
import dev.gpudra.kit.grpc.UnixSocketTransport;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.AllocateRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.AllocateResponse;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.Device;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.DevicePluginGrpc;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.Empty;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.ListAndWatchResponse;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.RegisterRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.RegistrationGrpc;
import io.grpc.Context;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The kubelet's device manager, as much as the benchmark needs: serves Registration on {@code
 * kubelet.sock}; on the first Register notes the time, dials the plugin's socket, asks for its
 * options and opens ListAndWatch before it answers, as current kubelets do; notes when the first
 * list arrives. Allocate goes over the channel it dialled. A later Register (the plugin seeing a
 * kubelet restart) is answered and otherwise ignored: none is expected here.
 */
final class KubeletDeviceManager implements AutoCloseable {
  private static final Duration GRACE = Duration.ofSeconds(1);
  private static final long CALL_SECONDS = 10;
  private static final long POLL_MILLIS = 20;

  /** When the first list arrived (nanoTime), and what it listed. */
  private record FirstList(long nanos, ListAndWatchResponse list) {}

  private final UnixSocketTransport transport;
  private final Path kubeletSocket;
  private final UnixSocketServer server;
  private final CompletableFuture<RegisterRequest> registration = new CompletableFuture<>();
  private final CompletableFuture<FirstList> firstList = new CompletableFuture<>();
  private volatile long registeredNanos;
  private volatile ManagedChannel channel;

  /** Serves {@code kubeletSocket} from now on. */
  KubeletDeviceManager(UnixSocketTransport transport, Path kubeletSocket) {
    this.transport = transport;
    this.kubeletSocket = kubeletSocket;
    this.server =
        new UnixSocketServer(
            kubeletSocket, transport, List.of(new Registration().bindService()), GRACE);
    server.start();
  }

  /**
   * Waits until {@code plugin} has registered and its first list has arrived.
   *
   * @throws PluginStartException when the process exits first, or {@code timeout} passes
   */
  PluginStart awaitStart(PluginProcess plugin, Duration timeout, Path log)
      throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      try {
        FirstList first = firstList.get(POLL_MILLIS, TimeUnit.MILLISECONDS);
        return start(plugin.spawnedNanos(), first);
      } catch (TimeoutException e) {
        if (!plugin.isAlive() || System.nanoTime() > deadline) {
          throw new PluginStartException(
              "the device plugin did not register and list its devices (alive: "
                  + plugin.isAlive()
                  + "); see "
                  + log);
        }
      } catch (ExecutionException e) {
        throw new PluginStartException(
            "the device plugin's registration failed: "
                + e.getCause().getMessage()
                + "; see "
                + log,
            e.getCause());
      }
    }
  }

  private PluginStart start(long spawnedNanos, FirstList first) {
    List<Device> devices = first.list().getDevicesList();
    return new PluginStart(
        registration.join().getResourceName(),
        registeredNanos - spawnedNanos,
        first.nanos() - spawnedNanos,
        devices.stream().map(Device::getID).toList(),
        (int) devices.stream().filter(d -> d.getHealth().equals("Healthy")).count());
  }

  /** Allocate on the plugin's socket, as the kubelet calls it when a container is created. */
  AllocateResponse allocate(AllocateRequest request) {
    ManagedChannel dialled = channel;
    if (dialled == null) {
      throw new IllegalStateException("the plugin has not registered");
    }
    return DevicePluginGrpc.newBlockingStub(dialled)
        .withDeadlineAfter(CALL_SECONDS, TimeUnit.SECONDS)
        .allocate(request);
  }

  private final class Registration extends RegistrationGrpc.RegistrationImplBase {
    @Override
    public void register(RegisterRequest request, StreamObserver<Empty> out) {
      long arrived = System.nanoTime();
      if (registration.isDone()) {
        out.onNext(Empty.getDefaultInstance());
        out.onCompleted();
        return;
      }
      registeredNanos = arrived;
      try {
        ManagedChannel dialled =
            transport.channelFor(kubeletSocket.resolveSibling(request.getEndpoint()));
        channel = dialled;
        DevicePluginGrpc.newBlockingStub(dialled)
            .withDeadlineAfter(CALL_SECONDS, TimeUnit.SECONDS)
            .getDevicePluginOptions(Empty.getDefaultInstance());
        // the stream lives on after this call returns: it must not be cancelled with it
        Context.ROOT.run(() ->
            DevicePluginGrpc.newStub(dialled)
                .listAndWatch(Empty.getDefaultInstance(), new FirstListObserver()));
        registration.complete(request);
        out.onNext(Empty.getDefaultInstance());
        out.onCompleted();
      } catch (StatusRuntimeException e) {
        registration.completeExceptionally(e);
        firstList.completeExceptionally(e);
        out.onError(
            Status.UNAVAILABLE
                .withDescription("cannot reach the plugin at " + request.getEndpoint())
                .asRuntimeException());
      }
    }
  }

  /** Keeps the first list and when it came; later lists (health changes) are not timed. */
  private final class FirstListObserver implements StreamObserver<ListAndWatchResponse> {
    @Override
    public void onNext(ListAndWatchResponse list) {
      firstList.complete(new FirstList(System.nanoTime(), list));
    }

    @Override
    public void onError(Throwable t) {
      firstList.completeExceptionally(t);
    }

    @Override
    public void onCompleted() {
      firstList.completeExceptionally(
          new IllegalStateException("ListAndWatch ended before its first list"));
    }
  }

  @Override
  public void close() {
    ManagedChannel dialled = channel;
    if (dialled != null) {
      dialled.shutdownNow();
    }
    server.close();
  }
}
