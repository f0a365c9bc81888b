package dev.gpudra.kit.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class SignalsIT {
  @Test
  @DisplayName(
      "SIGUSR1 reaches a child process (a shell without a trap dies of it, code 128+10); a gone"
          + " process is an error naming it and ESRCH")
  void sendsSignals() throws Exception {
    Process child = new ProcessBuilder("sh", "-c", "sleep 30").start();
    Signals signals = new Signals();

    signals.send(child.pid(), Signals.SIGUSR1);

    assertThat(child.waitFor(5, TimeUnit.SECONDS)).isTrue();
    assertThat(child.exitValue()).isEqualTo(128 + Signals.SIGUSR1);
    assertThatThrownBy(() -> signals.send(child.pid(), Signals.SIGUSR1))
        .isInstanceOf(Signals.SignalException.class)
        .hasMessage("cannot send signal 10 to process " + child.pid() + ": errno 3");
  }
}
