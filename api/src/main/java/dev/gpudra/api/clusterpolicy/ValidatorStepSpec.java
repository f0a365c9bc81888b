package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * One validation of the operator validator ({@code spec.validator.plugin}, {@code .toolkit}, {@code
 * .driver}, {@code .cuda}, {@code .vfioPCI}, {@code .vgpuManager}, {@code .vgpuDevices}; NVIDIA has
 * one identical type per step).
 *
 * @param env extra container environment variables
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ValidatorStepSpec(List<EnvVar> env) {
  public ValidatorStepSpec {
    env = Frozen.list(env);
  }
}
