package dev.gpudra.allocator;

import dev.gpudra.allocator.AttributeConstraint.Choice;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/** Joins the static checks and what the search did into an {@link Explanation}. */
final class ExplanationAssembler {

  private final CandidateTable table;
  private final Search search;
  private final Set<String> chosen = new HashSet<>();

  ExplanationAssembler(CandidateTable table, Search search) {
    this.table = table;
    this.search = search;
    if (search.succeeded()) {
      for (Choice choice : search.chosen()) {
        chosen.add(key(choice.spec(), choice.candidate().id()));
      }
    }
  }

  /** Before any request could be read: the pools only. */
  static Explanation poolsOnly(CandidateNode node, List<Pool> pools) {
    return new Explanation(node.name(), statuses(pools), List.of());
  }

  Explanation assemble(CandidateNode node, List<Pool> pools, List<ClaimRequest> requests) {
    List<RequestExplanation> explained = new ArrayList<>();
    for (ClaimRequest request : requests) {
      OptionalInt selected = search.selected(request.name());
      for (int i = 0; i < request.alternatives().size(); i++) {
        RequestSpec spec = request.alternatives().get(i);
        List<CandidateExplanation> candidates =
            table.checks(spec).stream().map(check -> finalWord(spec, check)).toList();
        explained.add(
            new RequestExplanation(
                spec.name(),
                spec.className(),
                spec.mode(),
                table.needed(spec),
                table.matching(spec),
                outcome(selected, i),
                candidates));
      }
    }
    return new Explanation(node.name(), statuses(pools), explained);
  }

  /**
   * A device that passed the static checks: chosen; or, after success, why it could not join the
   * final allocation; or, after failure, the first time the search turned it down.
   */
  private CandidateExplanation finalWord(RequestSpec spec, CandidateExplanation check) {
    if (check.outcome() != CandidateOutcome.MATCHED) {
      return check;
    }
    if (chosen.contains(key(spec, check.device()))) {
      return new CandidateExplanation(check.device(), CandidateOutcome.CHOSEN, "");
    }
    Optional<CandidateExplanation> rejection =
        search.succeeded()
            ? search.rejectionNow(spec, table.candidate(check.device()))
            : search.rejection(spec, check.device());
    return rejection.orElse(check);
  }

  private static RequestOutcome outcome(OptionalInt selected, int alternative) {
    if (selected.isEmpty() || selected.getAsInt() > alternative) {
      return RequestOutcome.NOT_ALLOCATED;
    }
    return selected.getAsInt() == alternative
        ? RequestOutcome.ALLOCATED
        : RequestOutcome.NOT_NEEDED;
  }

  private static String key(RequestSpec spec, DeviceId device) {
    return spec.name() + " " + device;
  }

  private static List<PoolStatus> statuses(List<Pool> pools) {
    return pools.stream().map(Pool::status).toList();
  }
}
