package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * The ComputeDomain controller's Deployment ({@code draDriver.computeDomains.controller}, as
 * GPUCluster's).
 *
 * @param env variables added to the controller's environment (overriding ours)
 * @param resources the container's resource limits and requests
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DraControllerSpec(List<EnvVar> env, Resources resources) {
  public DraControllerSpec {
    env = Frozen.list(env);
  }
}
