package dev.gpudra.api.nfd;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.gpudra.api.schema.Required;
import java.util.List;

/**
 * One test of a feature's element (or of its name): an operator and its operands.
 *
 * @param op the operator
 * @param value the operands, as the operator needs them (none for {@code Exists})
 * @param type how the values compare (NFD's {@code type}, e.g. a version)
 */
public record MatchExpression(@Required Op op, List<String> value, String type) {
  /** NFD's operators, with their names in the API. */
  public enum Op {
    @JsonProperty("In")
    IN,
    @JsonProperty("NotIn")
    NOT_IN,
    @JsonProperty("InRegexp")
    IN_REGEXP,
    @JsonProperty("Exists")
    EXISTS,
    @JsonProperty("DoesNotExist")
    DOES_NOT_EXIST,
    @JsonProperty("Gt")
    GT,
    @JsonProperty("Ge")
    GE,
    @JsonProperty("Lt")
    LT,
    @JsonProperty("Le")
    LE,
    @JsonProperty("GtLt")
    GT_LT,
    @JsonProperty("GeLe")
    GE_LE,
    @JsonProperty("IsTrue")
    IS_TRUE,
    @JsonProperty("IsFalse")
    IS_FALSE
  }
}
