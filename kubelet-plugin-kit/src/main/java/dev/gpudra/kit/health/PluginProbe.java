package dev.gpudra.kit.health;

import dev.gpudra.kit.grpc.SocketChannelFactory;
import dev.gpudra.kit.proto.dra.v1.DRAPluginGrpc;
import dev.gpudra.kit.proto.dra.v1.NodePrepareResourcesRequest;
import dev.gpudra.kit.proto.pluginregistration.InfoRequest;
import dev.gpudra.kit.proto.pluginregistration.RegistrationGrpc;
import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Calls the plugin's own sockets the way the kubelet would, to tell whether it is alive. */
public final class PluginProbe implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(PluginProbe.class);

  private final ManagedChannel registration;
  private final ManagedChannel dra;
  private final Duration deadline;

  public PluginProbe(
      SocketChannelFactory channels, Path registrationSocket, Path draSocket, Duration deadline) {
    this.registration = channels.channelFor(registrationSocket);
    this.dra = channels.channelFor(draSocket);
    this.deadline = deadline;
  }

  /** True if GetInfo and an empty NodePrepareResources both succeed within the deadline. */
  public boolean alive() {
    try {
      RegistrationGrpc.newBlockingStub(registration)
          .withDeadlineAfter(deadline.toMillis(), TimeUnit.MILLISECONDS)
          .getInfo(InfoRequest.getDefaultInstance());
      DRAPluginGrpc.newBlockingStub(dra)
          .withDeadlineAfter(deadline.toMillis(), TimeUnit.MILLISECONDS)
          .nodePrepareResources(NodePrepareResourcesRequest.getDefaultInstance());
      return true;
    } catch (StatusRuntimeException e) {
      log.warn("liveness probe failed: {}", e.getStatus());
      return false;
    }
  }

  @Override
  public void close() {
    registration.shutdownNow();
    dra.shutdownNow();
  }
}
