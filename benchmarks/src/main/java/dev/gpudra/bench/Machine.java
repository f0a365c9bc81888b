package dev.gpudra.bench;

import java.util.Objects;

/**
 * Where the benchmark ran.
 *
 * @param jdk the Java runtime's version
 * @param cpus processors available to the JVM
 */
public record Machine(String jdk, int cpus) {
  public Machine {
    Objects.requireNonNull(jdk, "jdk");
    if (cpus < 1) {
      throw new IllegalArgumentException("cpus must be at least 1");
    }
  }
}
