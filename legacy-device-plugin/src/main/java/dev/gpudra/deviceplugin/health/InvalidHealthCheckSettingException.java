package dev.gpudra.deviceplugin.health;

/** A value of {@code DP_DISABLE_HEALTHCHECKS} or {@code DP_ENABLE_HEALTHCHECKS} that is no XID. */
public final class InvalidHealthCheckSettingException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String variable;
  private final String item;

  public InvalidHealthCheckSettingException(String variable, String item) {
    super(variable + ": \"" + item + "\" is not an XID (a non-negative integer), nor all or xids");
    this.variable = variable;
    this.item = item;
  }

  /** The env variable the value came from. */
  public String variable() {
    return variable;
  }

  /** The comma-separated item that is not an XID. */
  public String item() {
    return item;
  }
}
