package dev.gpudra.controllerkit.runtime;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The lease's loss as the controller hears it: reported while it runs, not once it closes (closing
 * stops the election, which then says the lease is lost too).
 */
final class LeaseLoss implements Runnable {
  private final Runnable onLost;
  private final AtomicBoolean closing = new AtomicBoolean();

  LeaseLoss(Runnable onLost) {
    this.onLost = onLost;
  }

  @Override
  public void run() {
    if (!closing.get()) {
      onLost.run();
    }
  }

  void closing() {
    closing.set(true);
  }
}
