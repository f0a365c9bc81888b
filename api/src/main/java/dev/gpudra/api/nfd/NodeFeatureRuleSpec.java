package dev.gpudra.api.nfd;

import dev.gpudra.api.schema.Required;
import java.util.List;
import java.util.Map;

/**
 * Rules nfd-master evaluates against every node's features (a cluster-wide object).
 *
 * @param rules in order: a later rule may read what an earlier one matched
 */
public record NodeFeatureRuleSpec(@Required List<Rule> rules) {
  /**
   * What a node gets when the rule's terms match.
   *
   * @param name the rule's name
   * @param labels node labels
   * @param labelsTemplate node labels from a Go template over the matched features
   * @param annotations node annotations
   * @param vars values for later rules, not published
   * @param varsTemplate such values from a template
   * @param taints node taints (nfd-master's {@code enableTaints})
   * @param extendedResources node extended resources
   * @param matchFeatures terms that must all hold
   * @param matchAny alternatives of which one must hold
   */
  public record Rule(
      @Required String name,
      Map<String, String> labels,
      String labelsTemplate,
      Map<String, String> annotations,
      Map<String, String> vars,
      String varsTemplate,
      List<Taint> taints,
      Map<String, String> extendedResources,
      List<FeatureMatcherTerm> matchFeatures,
      List<FeatureMatcherTerm.AnyOf> matchAny) {}

  /**
   * A node taint, with core/v1's fields.
   *
   * @param key the taint's key
   * @param value its value
   * @param effect NoSchedule, PreferNoSchedule or NoExecute
   * @param timeAdded when it was added (NoExecute), RFC 3339
   */
  public record Taint(
      @Required String key, String value, @Required String effect, String timeAdded) {}
}
