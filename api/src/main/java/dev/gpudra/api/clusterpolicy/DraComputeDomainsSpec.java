package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.api.schema.Default;

/**
 * ComputeDomains and IMEX ({@code draDriver.computeDomains}, as GPUCluster's).
 *
 * @param enabled whether the {@code compute-domains} container and the ComputeDomain controller
 *     run; absent means true
 * @param controller the ComputeDomain controller's Deployment
 * @param kubeletPlugin the {@code compute-domains} container of the kubelet-plugin DaemonSet
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DraComputeDomainsSpec(
    @Default("true") Boolean enabled,
    DraControllerSpec controller,
    DraKubeletPluginSpec kubeletPlugin)
    implements EnabledByDefault {}
