package dev.gpudra.deviceplugin.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ServingSocketsTest {
  @Test
  @DisplayName(
      "serving while every tracked set of servers has its sockets, and while none runs; one socket"
          + " missing is NOT serving until it is back or those servers stop")
  void states() {
    ServingSockets sockets = new ServingSockets();
    assertThat(sockets.getAsBoolean()).as("nothing runs yet").isTrue();

    AtomicBoolean first = new AtomicBoolean(true);
    AtomicBoolean second = new AtomicBoolean(true);
    ServingSockets.Tracked one = sockets.track(first::get);
    sockets.track(second::get);
    assertThat(sockets.getAsBoolean()).isTrue();

    second.set(false);
    assertThat(sockets.getAsBoolean()).as("a socket missing").isFalse();
    second.set(true);
    assertThat(sockets.getAsBoolean()).as("bound again").isTrue();

    first.set(false);
    assertThat(sockets.getAsBoolean()).isFalse();
    one.close();
    assertThat(sockets.getAsBoolean()).as("the broken servers were stopped").isTrue();
  }
}
