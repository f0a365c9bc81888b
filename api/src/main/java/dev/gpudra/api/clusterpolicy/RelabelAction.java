package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A Prometheus relabeling action, in either spelling the prometheus-operator CRD accepts ({@code
 * serviceMonitor.relabelings[].action} of the DCGM exporter and of the operator).
 */
public enum RelabelAction {
  /** {@code replace}. */
  @JsonProperty("replace")
  REPLACE,
  /** {@code Replace}, the same action as {@link #REPLACE}. */
  @JsonProperty("Replace")
  REPLACE_CAPITALIZED,
  /** {@code keep}. */
  @JsonProperty("keep")
  KEEP,
  /** {@code Keep}, the same action as {@link #KEEP}. */
  @JsonProperty("Keep")
  KEEP_CAPITALIZED,
  /** {@code drop}. */
  @JsonProperty("drop")
  DROP,
  /** {@code Drop}, the same action as {@link #DROP}. */
  @JsonProperty("Drop")
  DROP_CAPITALIZED,
  /** {@code hashmod}. */
  @JsonProperty("hashmod")
  HASHMOD,
  /** {@code HashMod}, the same action as {@link #HASHMOD}. */
  @JsonProperty("HashMod")
  HASHMOD_CAPITALIZED,
  /** {@code labelmap}. */
  @JsonProperty("labelmap")
  LABELMAP,
  /** {@code LabelMap}, the same action as {@link #LABELMAP}. */
  @JsonProperty("LabelMap")
  LABELMAP_CAPITALIZED,
  /** {@code labeldrop}. */
  @JsonProperty("labeldrop")
  LABELDROP,
  /** {@code LabelDrop}, the same action as {@link #LABELDROP}. */
  @JsonProperty("LabelDrop")
  LABELDROP_CAPITALIZED,
  /** {@code labelkeep}. */
  @JsonProperty("labelkeep")
  LABELKEEP,
  /** {@code LabelKeep}, the same action as {@link #LABELKEEP}. */
  @JsonProperty("LabelKeep")
  LABELKEEP_CAPITALIZED,
  /** {@code lowercase}. */
  @JsonProperty("lowercase")
  LOWERCASE,
  /** {@code Lowercase}, the same action as {@link #LOWERCASE}. */
  @JsonProperty("Lowercase")
  LOWERCASE_CAPITALIZED,
  /** {@code uppercase}. */
  @JsonProperty("uppercase")
  UPPERCASE,
  /** {@code Uppercase}, the same action as {@link #UPPERCASE}. */
  @JsonProperty("Uppercase")
  UPPERCASE_CAPITALIZED,
  /** {@code keepequal}. */
  @JsonProperty("keepequal")
  KEEPEQUAL,
  /** {@code KeepEqual}, the same action as {@link #KEEPEQUAL}. */
  @JsonProperty("KeepEqual")
  KEEPEQUAL_CAPITALIZED,
  /** {@code dropequal}. */
  @JsonProperty("dropequal")
  DROPEQUAL,
  /** {@code DropEqual}, the same action as {@link #DROPEQUAL}. */
  @JsonProperty("DropEqual")
  DROPEQUAL_CAPITALIZED
}
