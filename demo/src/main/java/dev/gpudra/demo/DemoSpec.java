package dev.gpudra.demo;

import java.util.Objects;

/**
 * One scenario folder of {@code demo/specs}: its manifests and what should become of them.
 *
 * @param name the folder name, also the namespace the scenario runs in
 * @param manifests the scenario's YAML ({@code <name>.yaml})
 * @param readme the README's first paragraph, one line
 * @param expectation {@code expect.yaml}
 */
public record DemoSpec(String name, String manifests, String readme, Expectation expectation) {

  public DemoSpec {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(manifests, "manifests");
    Objects.requireNonNull(readme, "readme");
    Objects.requireNonNull(expectation, "expectation");
  }

  @Override
  public String toString() {
    return name;
  }
}
