package dev.gpudra.demo;

import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
  private static final Pattern SENTENCE_END = Pattern.compile("[.!?]\\s+");
  private static final Pattern ASIDE = Pattern.compile("\\s*\\([^()]*\\)");
  private static final int LONG = 140;

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

  /**
   * What the scenario asks, in one line: the first sentence of its README paragraph, without the
   * asides in parentheses or Markdown's backticks, and, where that is still long, only up to its
   * first colon or semicolon.
   */
  public String summary() {
    String text = readme.replace("`", "").strip();
    String first = firstSentence(text);
    String without;
    while (!(without = ASIDE.matcher(first).replaceAll("")).equals(first)) {
      first = without;
    }
    first = first.replaceAll("\\s+", " ").strip();
    if (first.length() > LONG) {
      int cut = -1;
      for (String mark : List.of(": ", "; ")) {
        int at = first.indexOf(mark);
        if (at > 0 && (cut < 0 || at < cut)) {
          cut = at;
        }
      }
      if (cut > 0) {
        return first.substring(0, cut);
      }
    }
    return first;
  }

  /** Up to the first full stop that ends a sentence (not one of "e.g.", "i.e."). */
  private static String firstSentence(String text) {
    Matcher end = SENTENCE_END.matcher(text);
    while (end.find()) {
      String upTo = text.substring(0, end.start() + 1);
      if (!upTo.endsWith("e.g.") && !upTo.endsWith("i.e.")) {
        return upTo;
      }
    }
    return text;
  }

  /** Whether it makes ComputeDomains (it needs the compute-domain driver and its controller). */
  public boolean needsComputeDomains() {
    return manifests.lines().anyMatch(l -> l.strip().equals("kind: ComputeDomain"));
  }

  /**
   * Whether it needs GPUs of its node that no earlier scenario holds: its GPUs report events, or
   * its {@code expect.yaml} says {@code freeGpus}.
   */
  public boolean needsFreeGpus() {
    return !gpuEvents.xids().isEmpty() || expectation.freeGpus();
  }

  /** Whether it has DeviceTaintRules (cluster-wide objects, created between its pods). */
  public boolean taintsDevices() {
    return manifests.lines().anyMatch(l -> l.strip().equals("kind: DeviceTaintRule"));
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
