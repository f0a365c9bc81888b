package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * One container of the DRA driver's kubelet-plugin DaemonSet ({@code draDriver.gpus.kubeletPlugin},
 * {@code draDriver.computeDomains.kubeletPlugin}, as GPUCluster's).
 *
 * @param env variables added to the container's environment (overriding ours)
 * @param resources the container's resource limits and requests
 * @param healthcheck its gRPC health endpoint
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DraKubeletPluginSpec(
    List<EnvVar> env, Resources resources, DraHealthcheckSpec healthcheck) {
  public DraKubeletPluginSpec {
    env = Frozen.list(env);
  }
}
