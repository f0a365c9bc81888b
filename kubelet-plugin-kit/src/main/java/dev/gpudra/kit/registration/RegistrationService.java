package dev.gpudra.kit.registration;

import dev.gpudra.kit.proto.pluginregistration.InfoRequest;
import dev.gpudra.kit.proto.pluginregistration.PluginInfo;
import dev.gpudra.kit.proto.pluginregistration.RegistrationGrpc;
import dev.gpudra.kit.proto.pluginregistration.RegistrationStatus;
import dev.gpudra.kit.proto.pluginregistration.RegistrationStatusResponse;
import dev.gpudra.kit.registration.RegistrationOutcome.State;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Serves {@code pluginregistration.Registration} for one DRA driver. */
public final class RegistrationService extends RegistrationGrpc.RegistrationImplBase {
  private static final Logger log = LoggerFactory.getLogger(RegistrationService.class);

  /** {@code PluginInfo.type} of a DRA plugin. */
  public static final String PLUGIN_TYPE = "DRAPlugin";

  private final PluginInfo info;
  private RegistrationOutcome outcome = RegistrationOutcome.PENDING;

  /**
   * @param driverName the DRA driver name (ResourceSlice {@code spec.driver})
   * @param draSocket the socket serving the DRA services; advertised as an absolute path
   */
  public RegistrationService(String driverName, Path draSocket) {
    this(driverName, draSocket, List.of());
  }

  /**
   * @param moreServices further services the DRA socket serves, advertised after the DRA plugin
   *     versions (e.g. {@code v1alpha1.DRAResourceHealth})
   */
  public RegistrationService(String driverName, Path draSocket, List<String> moreServices) {
    Objects.requireNonNull(driverName, "driverName");
    this.info =
        PluginInfo.newBuilder()
            .setType(PLUGIN_TYPE)
            .setName(driverName)
            .setEndpoint(draSocket.toAbsolutePath().toString())
            .addAllSupportedVersions(
                Arrays.stream(DraService.values()).map(DraService::id).toList())
            .addAllSupportedVersions(moreServices)
            .build();
  }

  @Override
  public void getInfo(InfoRequest request, StreamObserver<PluginInfo> response) {
    response.onNext(info);
    response.onCompleted();
  }

  @Override
  public void notifyRegistrationStatus(
      RegistrationStatus status, StreamObserver<RegistrationStatusResponse> response) {
    if (status.getPluginRegistered()) {
      record(new RegistrationOutcome(State.REGISTERED, ""));
      log.info("kubelet registered DRA driver {}", info.getName());
      response.onNext(RegistrationStatusResponse.getDefaultInstance());
      response.onCompleted();
      return;
    }
    record(new RegistrationOutcome(State.REJECTED, status.getError()));
    log.error("kubelet rejected DRA driver {}: {}", info.getName(), status.getError());
    response.onError(
        Status.FAILED_PRECONDITION
            .withDescription("registration failed: " + status.getError())
            .asRuntimeException());
  }

  /** The kubelet's last verdict, {@link RegistrationOutcome#PENDING} before any. */
  public synchronized RegistrationOutcome outcome() {
    return outcome;
  }

  /**
   * Waits until the kubelet has registered the plugin.
   *
   * @return true if registered within {@code timeout}
   */
  public synchronized boolean awaitRegistered(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!outcome.registered()) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return false;
      }
      wait(Math.max(1, left / 1_000_000));
    }
    return true;
  }

  /** What {@code GetInfo} answers. */
  public PluginInfo info() {
    return info;
  }

  private synchronized void record(RegistrationOutcome next) {
    outcome = next;
    notifyAll();
  }
}
