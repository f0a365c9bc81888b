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
}
