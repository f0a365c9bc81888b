package dev.gpudra.controller.binding;

import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import java.util.Objects;

/** What one allocated channel of a claim needs from the controller now. */
sealed interface BindingStep {
  /** The channel's device in the claim's allocation. */
  DeviceRequestAllocationResult device();

  /** Label the node with the domain; the condition follows once its daemon is ready. */
  record LabelNode(DeviceRequestAllocationResult device, String node) implements BindingStep {
    public LabelNode {
      Objects.requireNonNull(device, "device");
      Objects.requireNonNull(node, "node");
    }
  }

  /**
   * Set a condition in the claim's {@code status.devices} entry for the device.
   *
   * @param type {@code ComputeDomainBinding.READY} or {@code FAILED}
   */
  record SetCondition(
      DeviceRequestAllocationResult device, String type, String reason, String message)
      implements BindingStep {
    public SetCondition {
      Objects.requireNonNull(device, "device");
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(reason, "reason");
      Objects.requireNonNull(message, "message");
    }
  }
}
