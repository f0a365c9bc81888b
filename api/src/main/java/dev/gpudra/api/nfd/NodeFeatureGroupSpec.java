package dev.gpudra.api.nfd;

import dev.gpudra.api.schema.Required;
import java.util.List;
import java.util.Map;

/**
 * A group of nodes: nfd-master lists in the status the nodes whose features match the rules.
 *
 * @param featureGroupRules the rules; a node matching any of them is in the group
 */
public record NodeFeatureGroupSpec(@Required List<GroupRule> featureGroupRules) {
  /**
   * A rule of a group: a {@link NodeFeatureRuleSpec.Rule} that publishes nothing.
   *
   * @param name the rule's name
   * @param vars values for later rules
   * @param varsTemplate such values from a template
   * @param matchFeatures terms that must all hold
   * @param matchAny alternatives of which one must hold
   */
  public record GroupRule(
      @Required String name,
      Map<String, String> vars,
      String varsTemplate,
      List<FeatureMatcherTerm> matchFeatures,
      List<FeatureMatcherTerm.AnyOf> matchAny) {}

  /**
   * The group's members, written by nfd-master.
   *
   * @param nodes one entry per node, keyed by name
   */
  public record Status(List<Member> nodes) {}

  /**
   * @param name the node's name
   */
  public record Member(@Required String name) {}
}
