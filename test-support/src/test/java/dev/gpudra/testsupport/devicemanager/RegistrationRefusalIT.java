package dev.gpudra.testsupport.devicemanager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.kit.grpc.UnixSocketTransport;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.DevicePluginOptions;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.RegisterRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.RegistrationGrpc;
import dev.gpudra.testsupport.deviceplugin.ExampleDevicePlugin;
import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Registers the kubelet refuses, sent over its real Unix socket. */
class RegistrationRefusalIT {
  @TempDir Path dir;
  private DeviceManagerStandIn kubelet;
  private final UnixSocketTransport transport = new UnixSocketTransport(1);

  record Case(String name, RegisterRequest request, String error) {
    @Override
    public String toString() {
      return name;
    }
  }

  private static RegisterRequest request(String version, String endpoint, String resource) {
    return RegisterRequest.newBuilder()
        .setVersion(version)
        .setEndpoint(endpoint)
        .setResourceName(resource)
        .build();
  }

  static Stream<Case> refusals() {
    return Stream.of(
        new Case(
            "an API version other than v1beta1",
            request("v1alpha", "example.sock", "example.com/gpu"),
            "INVALID_ARGUMENT: unsupported device plugin API version v1alpha (supported: v1beta1)"),
        new Case(
            "a native resource name",
            request("v1beta1", "example.sock", "gpu"),
            "INVALID_ARGUMENT: resource name gpu has no domain: a native resource name"),
        new Case(
            "a plugin socket that nothing serves",
            request("v1beta1", "nobody.sock", "example.com/gpu"),
            "UNAVAILABLE: cannot reach nobody.sock: "));
  }

  @BeforeEach
  void start() {
    kubelet = new DeviceManagerStandIn(dir).start();
  }

  @AfterEach
  void stop() {
    kubelet.close();
    transport.close();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refusals")
  @DisplayName(
      "a Register the kubelet would refuse fails with the reason, registers nothing and is kept"
          + " as a refusal naming the resource")
  void refused(Case c) {
    // a plugin serves example.sock, so only the request's own fault can refuse it
    try (ExampleDevicePlugin plugin =
        new ExampleDevicePlugin(
            kubelet.socket(),
            "example.sock",
            List.of("gpu-0"),
            DevicePluginOptions.getDefaultInstance())) {
      ManagedChannel channel = transport.channelFor(kubelet.socket());
      try {
        assertThatThrownBy(() -> RegistrationGrpc.newBlockingStub(channel).register(c.request()))
            .isInstanceOf(StatusRuntimeException.class)
            .hasMessageStartingWith(c.error());
      } finally {
        channel.shutdownNow();
      }
      assertThat(kubelet.registrations()).isEmpty();
      assertThat(kubelet.resources()).isEmpty();
      assertThat(kubelet.refusals())
          .singleElement()
          .asString()
          .startsWith(c.request().getResourceName() + ": ");
    }
  }
}
