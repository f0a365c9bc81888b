package dev.gpudra.gpu.state;

import dev.gpudra.gpu.cdi.ClaimCdiSpecs;
import dev.gpudra.gpu.checkpoint.CheckpointStore;
import dev.gpudra.gpu.config.ConfigResolver;
import java.util.List;
import java.util.Objects;

/**
 * What a {@link DeviceState} is made of.
 *
 * @param pool the pool of this node's devices (the node's name): results from another pool are
 *     refused
 * @param devices this node's devices by name
 * @param configs what resolves a claim's configs
 * @param cdi the claims' CDI specs
 * @param checkpoints the checkpoint
 * @param steps who watches the durable steps (crash tests stop the process at one)
 * @param features what prepare does besides the CDI spec, in the order each step calls them
 */
public record StateParts(
    String pool,
    DeviceLookup devices,
    ConfigResolver configs,
    ClaimCdiSpecs cdi,
    CheckpointStore checkpoints,
    StepObserver steps,
    List<DeviceFeature> features) {
  public StateParts {
    Objects.requireNonNull(pool, "pool");
    Objects.requireNonNull(devices, "devices");
    Objects.requireNonNull(configs, "configs");
    Objects.requireNonNull(cdi, "cdi");
    Objects.requireNonNull(checkpoints, "checkpoints");
    Objects.requireNonNull(steps, "steps");
    features = List.copyOf(features);
  }

  /** A node whose claims get their CDI spec and nothing else, with no step watched. */
  public static StateParts of(
      String pool,
      DeviceLookup devices,
      ConfigResolver configs,
      ClaimCdiSpecs cdi,
      CheckpointStore checkpoints) {
    return new StateParts(pool, devices, configs, cdi, checkpoints, StepObserver.NONE, List.of());
  }

  public StateParts withSteps(StepObserver value) {
    return new StateParts(pool, devices, configs, cdi, checkpoints, value, features);
  }

  /** These parts with {@code value} as the features, in their order. */
  public StateParts withFeatures(List<DeviceFeature> value) {
    return new StateParts(pool, devices, configs, cdi, checkpoints, steps, value);
  }
}
