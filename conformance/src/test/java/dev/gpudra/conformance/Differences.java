package dev.gpudra.conformance;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * {@code differences.yaml}: every place where our output differs from NVIDIA's on purpose, each
 * with its reason. A difference not listed fails the suite, and so does an entry no run meets.
 *
 * @param slices the differences in ResourceSlices
 * @param metrics the differences in the metric series a plugin exposes
 * @param cdi the differences in the CDI specs of a prepared claim
 * @param chart the differences in what the charts render for one values file
 */
@JsonIgnoreProperties(ignoreUnknown = false)
record Differences(List<Entry> slices, List<Entry> metrics, List<Entry> cdi, List<Entry> chart) {
  Differences {
    slices = List.copyOf(slices == null ? List.of() : slices);
    metrics = List.copyOf(metrics == null ? List.of() : metrics);
    cdi = List.copyOf(cdi == null ? List.of() : cdi);
    chart = List.copyOf(chart == null ? List.of() : chart);
  }

  Differences(List<Entry> slices) {
    this(slices, List.of(), List.of(), List.of());
  }

  /**
   * One intended difference.
   *
   * @param path where, as {@link Diff#path()} spells it; {@code *} stands for any text within a
   *     segment (e.g. {@code [0].spec.devices[gpu-*].attributes.numa})
   * @param nvidia NVIDIA's value as JSON, or {@code absent}
   * @param ours ours as JSON, or {@code absent}
   * @param cases the cases where it shows, by id (empty: every case)
   * @param reason why ours differs, for a reader of docs/compatibility.md
   */
  @JsonIgnoreProperties(ignoreUnknown = false)
  record Entry(String path, String nvidia, String ours, List<String> cases, String reason) {
    Entry {
      Objects.requireNonNull(path, "path");
      Objects.requireNonNull(nvidia, "nvidia");
      Objects.requireNonNull(ours, "ours");
      cases = List.copyOf(cases == null ? List.of() : cases);
      if (reason == null || reason.isBlank()) {
        throw new IllegalArgumentException("differences.yaml: " + path + " has no reason");
      }
    }

    boolean explains(String caseId, Diff diff) {
      return (cases.isEmpty() || cases.contains(caseId))
          && glob(path).matcher(diff.path()).matches()
          && nvidia.equals(diff.nvidia())
          && ours.equals(diff.ours());
    }

    private static Pattern glob(String path) {
      StringBuilder regex = new StringBuilder();
      for (String part : path.split("\\*", -1)) {
        if (!regex.isEmpty()) {
          regex.append("[^.\\[\\]]*");
        }
        regex.append(Pattern.quote(part));
      }
      return Pattern.compile(regex.toString());
    }
  }

  static Differences read(Path file) {
    try {
      return new ObjectMapper(new YAMLFactory()).readValue(file.toFile(), Differences.class);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }

  /** The entries that explain some of one case's slice diffs. */
  List<Entry> explaining(String caseId, List<Diff> diffs) {
    return slices.stream()
        .filter(e -> diffs.stream().anyMatch(d -> e.explains(caseId, d)))
        .toList();
  }

  /** The slice diffs of one case that no entry explains. */
  List<Diff> unexplained(String caseId, List<Diff> diffs) {
    return unexplained(slices, caseId, diffs);
  }

  /** The CDI diffs of one case that no entry explains. */
  List<Diff> unexplainedCdi(String caseId, List<Diff> diffs) {
    return unexplained(cdi, caseId, diffs);
  }

  /** The entries that explain some of one case's CDI diffs. */
  List<Entry> explainingCdi(String caseId, List<Diff> diffs) {
    return cdi.stream().filter(e -> diffs.stream().anyMatch(d -> e.explains(caseId, d))).toList();
  }

  /** The chart diffs of one values file that no entry explains. */
  List<Diff> unexplainedChart(String caseId, List<Diff> diffs) {
    return unexplained(chart, caseId, diffs);
  }

  /** The entries that explain some of one values file's chart diffs. */
  List<Entry> explainingChart(String caseId, List<Diff> diffs) {
    return chart.stream().filter(e -> diffs.stream().anyMatch(d -> e.explains(caseId, d))).toList();
  }

  /** The metric diffs of one case that no entry explains. */
  List<Diff> unexplainedMetrics(String caseId, List<Diff> diffs) {
    return unexplained(metrics, caseId, diffs);
  }

  private static List<Diff> unexplained(List<Entry> entries, String caseId, List<Diff> diffs) {
    return diffs.stream()
        .filter(d -> entries.stream().noneMatch(e -> e.explains(caseId, d)))
        .toList();
  }
}
