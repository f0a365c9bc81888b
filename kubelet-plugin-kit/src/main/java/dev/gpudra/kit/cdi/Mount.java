package dev.gpudra.kit.cdi;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Objects;

/**
 * A mount into the container.
 *
 * @param type e.g. {@code bind} (needs CDI 0.4.0), or null
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"hostPath", "containerPath", "options", "type"})
public record Mount(String hostPath, String containerPath, List<String> options, String type) {
  public Mount {
    Objects.requireNonNull(hostPath, "hostPath");
    Objects.requireNonNull(containerPath, "containerPath");
    options = options == null ? List.of() : List.copyOf(options);
  }
}
