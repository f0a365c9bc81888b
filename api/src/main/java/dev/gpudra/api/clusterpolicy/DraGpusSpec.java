package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The {@code gpu.nvidia.com} side of the DRA driver ({@code draDriver.gpus}, as GPUCluster's:
 * always deployed with the driver, no switch of its own).
 *
 * @param kubeletPlugin the {@code gpus} container of the kubelet-plugin DaemonSet
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DraGpusSpec(DraKubeletPluginSpec kubeletPlugin) {}
