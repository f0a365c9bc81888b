package dev.gpudra.demo;

import io.fabric8.kubernetes.api.model.resource.v1.Device;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * One demo claim: what it asks for, on which node, with which opaque config.
 *
 * @param name claim name
 * @param description one line for the output
 * @param node the node it is allocated on
 * @param requests what it requests
 * @param config opaque {@code resource.nvidia.com/v1beta1} parameters (JSON), if any
 * @param pods how many pods use the claim (each triggers a NodePrepareResources call)
 * @param expected what the demo expects to happen, checked at the end
 */
record Scenario(
    String name,
    String description,
    String node,
    List<Request> requests,
    Optional<String> config,
    int pods,
    Outcome expected) {

  /** What should happen to the claim. */
  enum Outcome {
    PREPARED,
    REJECTED_BY_PLUGIN,
    DOES_NOT_FIT
  }

  /**
   * {@code count} devices matching {@code selector}; {@code sameRoot} keeps them on one PCIe root.
   */
  record Request(
      String name,
      String deviceClass,
      String selector,
      Predicate<Device> matches,
      int count,
      boolean sameRoot) {}
}
