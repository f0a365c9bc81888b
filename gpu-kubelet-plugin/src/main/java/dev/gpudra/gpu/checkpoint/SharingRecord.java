package dev.gpudra.gpu.checkpoint;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What a prepared device was set to for sharing, so that unprepare, a roll-back after a crash and
 * the conflict check of the next claim on the same GPU know it. Absent fields were not set.
 *
 * @param timeSlice the TimeSlicing interval applied to the GPU ({@code Default}, {@code Short},
 *     {@code Medium}, {@code Long}), or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SharingRecord(String timeSlice) {
  public static final SharingRecord NONE = new SharingRecord(null);

  @JsonIgnore
  public boolean isEmpty() {
    return timeSlice == null;
  }
}
