package dev.gpudra.demo;

import java.util.Objects;

/**
 * One scenario folder of {@code demo/specs}: its manifests and what should become of them.
 *
 * @param name the folder name, also the namespace the scenario runs in
 * @param manifests the scenario's YAML ({@code <name>.yaml})
 * @param readme the README's first paragraph, one line
 * @param expectation {@code expect.yaml}
 * @param gpuEvents {@code gpu-events.yaml}, if the scenario has one
 */
public record DemoSpec(
    String name, String manifests, String readme, Expectation expectation, GpuEvents gpuEvents) {

  public DemoSpec(String name, String manifests, String readme, Expectation expectation) {
    this(name, manifests, readme, expectation, GpuEvents.NONE);
  }

  public DemoSpec {
    Objects.requireNonNull(gpuEvents, "gpuEvents");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(manifests, "manifests");
    Objects.requireNonNull(readme, "readme");
    Objects.requireNonNull(expectation, "expectation");
  }

  /** Whether it makes ComputeDomains (it needs the compute-domain driver and its controller). */
  public boolean needsComputeDomains() {
    return manifests.lines().anyMatch(l -> l.strip().equals("kind: ComputeDomain"));
  }

  /**
   * Whether it asks for the classic device plugin's {@code nvidia.com/gpu}: it runs on a
   * device-plugin node, then again as {@code gpu-dra migrate} translates it.
   */
  public boolean migrates() {
    return manifests.lines().anyMatch(l -> l.strip().startsWith("nvidia.com/gpu:"));
  }

  @Override
  public String toString() {
    return name;
  }
}
