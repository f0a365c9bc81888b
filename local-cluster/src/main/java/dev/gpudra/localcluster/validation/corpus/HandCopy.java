package dev.gpudra.localcluster.validation.corpus;

import dev.gpudra.localcluster.validation.DraValidation;
import dev.gpudra.localcluster.validation.FieldError;
import dev.gpudra.localcluster.validation.Rejection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** The hand copy's verdict on a case, without a server: {@link DraValidation} called directly. */
public final class HandCopy {
  private final DraValidation validation = new DraValidation();

  public Verdict verdict(CorpusCase c) {
    return rejection(c).map(r -> Verdict.invalid(causes(r.errors()))).orElseGet(Verdict::accepted);
  }

  /** The messages ({@code <field>: <message>}), sorted; none when the case is accepted. */
  public List<String> messages(CorpusCase c) {
    return rejection(c).stream()
        .flatMap(r -> r.errors().stream())
        .map(FieldError::message)
        .sorted()
        .toList();
  }

  private Optional<Rejection> rejection(CorpusCase c) {
    String old = c.update().isPresent() ? c.object().toString() : null;
    return validation.check(c.sent().toString(), old);
  }

  private static Set<Cause> causes(List<FieldError> errors) {
    return errors.stream()
        .map(e -> new Cause(e.field().value(), e.type().reason()))
        .collect(Collectors.toSet());
  }
}
