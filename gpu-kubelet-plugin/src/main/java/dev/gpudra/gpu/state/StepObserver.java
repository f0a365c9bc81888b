package dev.gpudra.gpu.state;

/**
 * Told when {@link DeviceState} has durably finished a step of a prepare or unprepare. Production
 * code uses {@link #NONE}; crash tests stop the process at a chosen step to prove that a restart
 * loses, leaks and double-allocates nothing.
 */
@FunctionalInterface
public interface StepObserver {
  StepObserver NONE = (step, claimUid) -> {};

  /** The durable steps, in the order they happen. */
  enum Step {
    PREPARE_STARTED_WRITTEN,
    DEVICES_SET_UP,
    CDI_SPEC_WRITTEN,
    PREPARE_COMPLETED_WRITTEN,
    CDI_SPEC_DELETED,
    CHECKPOINT_ENTRY_REMOVED
  }

  void reached(Step step, String claimUid);
}
