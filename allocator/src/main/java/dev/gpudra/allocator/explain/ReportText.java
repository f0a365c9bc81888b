package dev.gpudra.allocator.explain;

import dev.gpudra.allocator.ExplanationText;
import java.util.List;

/** Renders reports as text: each node's explanation, then one summary line per claim. */
public final class ReportText {
  private ReportText() {}

  public static String render(List<ClaimReport> reports) {
    StringBuilder out = new StringBuilder();
    for (ClaimReport report : reports) {
      out.append("== ").append(report.claim()).append('\n');
      report.outcomes().forEach(o -> out.append(ExplanationText.render(o)));
      out.append(report.claim())
          .append(": fits on ")
          .append(report.nodesThatFit())
          .append(" of ")
          .append(report.outcomes().size())
          .append(" nodes")
          .append(
              report
                  .abortingError()
                  .map(e -> "; kube-scheduler aborts on a CEL runtime error: " + e.message())
                  .orElse(""))
          .append("\n\n");
    }
    return out.toString();
  }
}
