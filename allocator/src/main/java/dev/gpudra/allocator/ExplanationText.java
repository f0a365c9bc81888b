package dev.gpudra.allocator;

import java.util.Locale;

/**
 * Renders an outcome as plain text for people, one block per node; the records stay the data (a
 * JSON view serialises them directly).
 *
 * <pre>
 * node worker-1: allocated
 *   pool gpu.example.com/worker-1 generation 1: complete
 *   request gpu (class gpu.example.com, ExactCount): 2 devices match, 1 needed: allocated
 *     chosen            gpu.example.com/worker-1/gpu-0
 *     request-selector  gpu.example.com/worker-1/gpu-1  request gpu selector #0 (...) is false
 * </pre>
 */
public final class ExplanationText {

  private ExplanationText() {}

  public static String render(AllocationOutcome outcome) {
    Explanation explanation = outcome.explanation();
    StringBuilder text = new StringBuilder("node ").append(explanation.node()).append(": ");
    switch (outcome) {
      case Allocation a -> text.append("allocated\n");
      case Unsatisfiable u ->
          text.append("unsatisfiable, ")
              .append(word(u.reason().name()))
              .append(": ")
              .append(u.message())
              .append('\n');
    }
    for (PoolStatus pool : explanation.pools()) {
      text.append("  pool ")
          .append(pool.driver())
          .append('/')
          .append(pool.pool())
          .append(" generation ")
          .append(pool.generation())
          .append(": ")
          .append(word(pool.state().name()));
      if (!pool.detail().isEmpty()) {
        text.append(" (").append(pool.detail()).append(')');
      }
      text.append('\n');
    }
    explanation.requests().forEach(r -> request(text, r));
    return text.toString();
  }

  private static void request(StringBuilder text, RequestExplanation request) {
    text.append("  request ")
        .append(request.request())
        .append(" (class ")
        .append(request.deviceClass())
        .append(", ")
        .append(request.mode() == AllocationMode.ALL ? "All" : "ExactCount")
        .append("): ")
        .append(request.summary())
        .append(": ")
        .append(word(request.outcome().name()))
        .append('\n');
    for (CandidateExplanation candidate : request.candidates()) {
      text.append("    ")
          .append(String.format(Locale.ROOT, "%-20s", word(candidate.outcome().name())))
          .append(candidate.device());
      if (!candidate.reason().isEmpty()) {
        text.append("  ").append(candidate.reason());
      }
      text.append('\n');
    }
  }

  private static String word(String enumName) {
    return enumName.toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
