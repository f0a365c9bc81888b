package dev.gpudra.api.v1beta1;

import com.fasterxml.jackson.annotation.JsonInclude;

/** Time-slicing settings; a null {@code interval} means {@code Default} after normalizing. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TimeSlicingConfig(TimeSliceInterval interval) {

  TimeSlicingConfig normalize() {
    return interval == null ? new TimeSlicingConfig(TimeSliceInterval.DEFAULT) : this;
  }
}
