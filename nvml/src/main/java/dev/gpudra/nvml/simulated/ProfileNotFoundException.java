package dev.gpudra.nvml.simulated;

/** A profile name is neither a built-in profile nor a readable file. */
public class ProfileNotFoundException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public ProfileNotFoundException(String message) {
    super(message);
  }
}
