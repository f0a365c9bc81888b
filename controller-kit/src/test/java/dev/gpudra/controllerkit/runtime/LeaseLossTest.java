package dev.gpudra.controllerkit.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class LeaseLossTest {
  @Test
  @DisplayName("a lease lost while the controller runs is reported, each time")
  void reportedWhileRunning() {
    AtomicInteger reported = new AtomicInteger();
    LeaseLoss loss = new LeaseLoss(reported::incrementAndGet);
    loss.run();
    loss.run();
    assertThat(reported).hasValue(2);
  }

  @Test
  @DisplayName("a lease lost because the controller closes is not reported")
  void silentWhileClosing() {
    AtomicInteger reported = new AtomicInteger();
    LeaseLoss loss = new LeaseLoss(reported::incrementAndGet);
    loss.closing();
    loss.run();
    assertThat(reported).hasValue(0);
  }
}
