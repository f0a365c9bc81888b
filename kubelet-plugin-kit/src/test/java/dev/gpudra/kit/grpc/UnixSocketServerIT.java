package dev.gpudra.kit.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.kit.proto.pluginregistration.InfoRequest;
import dev.gpudra.kit.proto.pluginregistration.PluginInfo;
import dev.gpudra.kit.proto.pluginregistration.RegistrationGrpc;
import dev.gpudra.kit.registration.RegistrationService;
import io.grpc.ManagedChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UnixSocketServerIT {
  private final UnixSocketTransport transport = new UnixSocketTransport(1);
  @TempDir Path dir;

  @AfterEach
  void closeTransport() {
    transport.close();
  }

  private UnixSocketServer server(Path socket) {
    var service = new RegistrationService("gpu.example.com", dir.resolve("dra.sock"));
    return new UnixSocketServer(
        socket, transport, List.of(service.bindService()), Duration.ofSeconds(1));
  }

  @Test
  @DisplayName("serves on a 0600 socket, replaces a stale socket file and removes it on close")
  void socketLifecycle() throws Exception {
    Path socket = dir.resolve("sub").resolve("plugin-reg.sock");
    Files.createDirectories(socket.getParent());
    Files.writeString(socket, "stale");

    try (UnixSocketServer server = server(socket)) {
      server.start();

      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(socket)))
          .isEqualTo("rw-------");
      ManagedChannel channel = transport.channelFor(socket);
      try {
        PluginInfo info =
            RegistrationGrpc.newBlockingStub(channel).getInfo(InfoRequest.getDefaultInstance());
        assertThat(info.getName()).isEqualTo("gpu.example.com");
      } finally {
        channel.shutdownNow();
      }
    }
    assertThat(socket).doesNotExist();
  }

  @Test
  @DisplayName("a socket left behind by a crashed server is replaced on the next start")
  void restartAfterCrash() {
    Path socket = dir.resolve("dra.sock");
    UnixSocketServer first = server(socket);
    first.start();
    // A crash leaves the file: simulate by not closing first before starting a second server.
    UnixSocketServer second = server(socket);
    try {
      second.start();
      assertThat(second.running()).isTrue();
    } finally {
      second.close();
      first.close();
    }
  }

  private static String infoName(UnixSocketTransport transport, Path socket) {
    ManagedChannel channel = transport.channelFor(socket);
    try {
      return RegistrationGrpc.newBlockingStub(channel)
          .withDeadlineAfter(5, java.util.concurrent.TimeUnit.SECONDS)
          .getInfo(InfoRequest.getDefaultInstance())
          .getName();
    } finally {
      channel.shutdownNow();
    }
  }

  @Test
  @DisplayName(
      "a socket file removed under a running server is noticed and bound again by the guard")
  void guardRebindsRemovedSocket() throws Exception {
    Path socket = dir.resolve("plugin-reg.sock");
    try (UnixSocketServer server = server(socket);
        SocketGuard guard = new SocketGuard(List.of(server), Duration.ofMillis(50))) {
      server.start();
      assertThat(server.intact()).isTrue();

      Files.delete(socket);
      assertThat(server.intact()).isFalse();

      org.awaitility.Awaitility.await()
          .atMost(Duration.ofSeconds(5))
          .until(() -> Files.exists(socket) && server.intact());
      assertThat(guard.rebinds()).isEqualTo(1);
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(socket)))
          .isEqualTo("rw-------");
      assertThat(infoName(transport, socket)).isEqualTo("gpu.example.com");
    }
    assertThat(socket).doesNotExist();
  }

  @Test
  @DisplayName(
      "a server whose path another server bound since leaves that socket in place on close")
  void closeLeavesAnotherServersSocket() throws Exception {
    Path socket = dir.resolve("plugin-reg.sock");
    UnixSocketServer first = server(socket);
    first.start();
    try (UnixSocketServer second = server(socket)) {
      second.start(); // as a second process would: removes the file and binds its own
      assertThat(first.intact()).isFalse();
      assertThat(second.intact()).isTrue();

      first.close();

      assertThat(socket).exists();
      assertThat(second.intact()).isTrue();
      assertThat(infoName(transport, socket)).isEqualTo("gpu.example.com");
    }
    assertThat(socket).doesNotExist();
  }
}
