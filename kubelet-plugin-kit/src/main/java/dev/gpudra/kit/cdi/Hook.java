package dev.gpudra.kit.cdi;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * An OCI hook the runtime runs for the container.
 *
 * @param timeout seconds, or null
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"hookName", "path", "args", "env", "timeout"})
public record Hook(
    String hookName, String path, List<String> args, List<String> env, Integer timeout) {
  private static final Set<String> NAMES =
      Set.of(
          "prestart",
          "createRuntime",
          "createContainer",
          "startContainer",
          "poststart",
          "poststop");

  public Hook {
    if (!NAMES.contains(hookName)) {
      throw new IllegalArgumentException("unknown hook name: " + hookName);
    }
    Objects.requireNonNull(path, "path");
    if (!path.startsWith("/")) {
      throw new IllegalArgumentException("hook path must be absolute: " + path);
    }
    args = args == null ? List.of() : List.copyOf(args);
    env = env == null ? List.of() : List.copyOf(env);
    if (timeout != null && timeout <= 0) {
      throw new IllegalArgumentException("hook timeout must be > 0");
    }
  }
}
