package dev.gpudra.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class NettyJfrSwitchTest {
  @Test
  @DisplayName("the property main sets is the one gRPC's shaded Netty reads for its JFR events")
  void propertyIsRead() throws Exception {
    String netty = "io/grpc/netty/shaded/io/netty/util/internal/PlatformDependent.class";
    try (InputStream in = GpuDra.class.getClassLoader().getResourceAsStream(netty)) {
      assertThat(in).as(netty).isNotNull();
      String constants = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);

      assertThat(constants).contains(GpuDra.NETTY_JFR);
    }
  }
}
