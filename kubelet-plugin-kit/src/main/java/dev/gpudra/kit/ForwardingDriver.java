package dev.gpudra.kit;

import dev.gpudra.kit.resourcehealth.HealthFeed;
import java.util.Objects;
import java.util.Optional;

/**
 * A decorator's base: everything but {@link #prepare} and {@link #unprepare} goes to the wrapped
 * driver, so a decorator states only what it adds.
 */
public abstract class ForwardingDriver implements DraDriver {
  private final DraDriver driver;

  protected ForwardingDriver(DraDriver driver) {
    this.driver = Objects.requireNonNull(driver, "driver");
  }

  /** The wrapped driver. */
  protected final DraDriver driver() {
    return driver;
  }

  @Override
  public Request request(Operation operation, int claims) {
    return driver.request(operation, claims);
  }

  @Override
  public boolean ready() {
    return driver.ready();
  }

  @Override
  public Optional<HealthFeed> healthFeed() {
    return driver.healthFeed();
  }

  @Override
  public void handleError(Throwable error, String context) {
    driver.handleError(error, context);
  }

  @Override
  public void failedBeforeDriver(Operation operation, FailureReason reason, int claims) {
    driver.failedBeforeDriver(operation, reason, claims);
  }
}
