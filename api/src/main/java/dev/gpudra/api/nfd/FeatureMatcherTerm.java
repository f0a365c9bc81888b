package dev.gpudra.api.nfd;

import dev.gpudra.api.schema.Required;
import java.util.List;
import java.util.Map;

/**
 * A test of one feature: every expression on its elements, and the one on their names, must hold.
 *
 * @param feature the feature's name ({@code kernel.loadedmodule})
 * @param matchExpressions by element name
 * @param matchName on the elements' names
 */
public record FeatureMatcherTerm(
    @Required String feature,
    Map<String, MatchExpression> matchExpressions,
    MatchExpression matchName) {
  /**
   * One alternative of a rule's {@code matchAny}.
   *
   * @param matchFeatures the terms that must all hold
   */
  public record AnyOf(@Required List<FeatureMatcherTerm> matchFeatures) {}
}
