package dev.gpudra.kit.registration;

import java.util.Objects;

/** What the kubelet last said about our registration. */
public record RegistrationOutcome(State state, String error) {
  /** Registration progress as seen by the plugin. */
  public enum State {
    PENDING,
    REGISTERED,
    REJECTED
  }

  public static final RegistrationOutcome PENDING = new RegistrationOutcome(State.PENDING, "");

  public RegistrationOutcome {
    Objects.requireNonNull(state, "state");
    Objects.requireNonNull(error, "error");
  }

  public boolean registered() {
    return state == State.REGISTERED;
  }
}
