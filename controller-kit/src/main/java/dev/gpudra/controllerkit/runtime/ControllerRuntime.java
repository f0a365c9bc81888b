package dev.gpudra.controllerkit.runtime;

import dev.gpudra.controllerkit.informers.Informers;
import io.javaoperatorsdk.operator.Operator;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * One controller on java-operator-sdk, started in order: the operator on the process's client (no
 * server-side apply, the client left open), with the Lease's election when asked; the informers the
 * reconcilers read, synced; the reconcilers registered; the operator started. Closing stops the
 * operator, then the informers.
 */
public final class ControllerRuntime implements AutoCloseable {
  private final Operator operator;
  private final Informers informers;
  private final LeaseLoss loss;

  private ControllerRuntime(Operator operator, Informers informers, LeaseLoss loss) {
    this.operator = operator;
    this.informers = informers;
    this.loss = loss;
  }

  /**
   * Starts the controller; a failure closes the informers before it is thrown.
   *
   * @param informers the reconcilers' caches, added but not started
   * @param register registers the reconcilers, once the informers have synced
   */
  public static ControllerRuntime start(
      Launch launch, Informers informers, Consumer<Operator> register) {
    Objects.requireNonNull(informers, "informers");
    Objects.requireNonNull(register, "register");
    LeaseLoss loss = new LeaseLoss(launch.onLeaseLost());
    Operator operator =
        new Operator(o -> {
          o.withKubernetesClient(launch.client())
              .withCloseClientOnStop(false)
              .withUseSSAToPatchPrimaryResource(false)
              .withSSABasedCreateUpdateMatchForDependentResources(false);
          launch
              .election()
              .ifPresent(l -> o.withLeaderElectionConfiguration(l.configuration(loss)));
        });
    informers.start();
    try {
      register.accept(operator);
      operator.start();
    } catch (RuntimeException e) {
      informers.close();
      throw e;
    }
    return new ControllerRuntime(operator, informers, loss);
  }

  /**
   * Whether it runs: started, and every informer of java-operator-sdk healthy (a follower waiting
   * for the Lease is healthy too).
   */
  public boolean healthy() {
    var info = operator.getRuntimeInfo();
    return info.isStarted() && info.allEventSourcesAreHealthy();
  }

  @Override
  public void close() {
    loss.closing();
    operator.stop();
    informers.close();
  }
}
