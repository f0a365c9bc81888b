package dev.gpudra.migrate;

import dev.gpudra.migrate.claims.ClaimPlan;
import dev.gpudra.migrate.workload.ContainerEdit;
import java.util.List;

/**
 * How one pod spec is translated.
 *
 * @param edits the containers that change, in order
 * @param claims the claims they get, in order
 * @param problems what cannot be translated; when not empty, nothing is
 */
record PodPlan(List<ContainerEdit> edits, List<ClaimPlan> claims, List<String> problems) {
  PodPlan {
    edits = List.copyOf(edits);
    claims = List.copyOf(claims);
    problems = List.copyOf(problems);
  }

  /** Whether the pod asks for no device-plugin resource at all. */
  boolean untouched() {
    return edits.isEmpty() && problems.isEmpty();
  }
}
