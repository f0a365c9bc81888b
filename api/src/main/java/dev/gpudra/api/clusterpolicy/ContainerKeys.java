package dev.gpudra.api.clusterpolicy;

import java.util.List;

/**
 * A component that runs a container with NVIDIA's common keys: its image keys plus {@code
 * resources}, {@code args}, {@code env} and {@code hostNetwork}.
 */
public interface ContainerKeys extends ImageKeys {
  Resources resources();

  List<String> args();

  List<EnvVar> env();

  Boolean hostNetwork();
}
