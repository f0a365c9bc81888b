package dev.gpudra.kit.cdi;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Objects;
import java.util.regex.Pattern;

/** One device of a spec; {@code containerEdits} is always present, possibly empty. */
@JsonPropertyOrder({"name", "containerEdits"})
public record CdiDevice(String name, ContainerEdits containerEdits) {
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9]([A-Za-z0-9_.:-]*[A-Za-z0-9])?");

  public CdiDevice {
    Objects.requireNonNull(name, "name");
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("invalid CDI device name: " + name);
    }
    containerEdits = containerEdits == null ? ContainerEdits.none() : containerEdits;
  }
}
