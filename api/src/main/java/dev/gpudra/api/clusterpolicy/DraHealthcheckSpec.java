package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.api.schema.Default;
import dev.gpudra.api.schema.Maximum;
import dev.gpudra.api.schema.Minimum;

/**
 * A DRA kubelet plugin's gRPC health endpoint ({@code draDriver.gpus.kubeletPlugin.healthcheck},
 * {@code draDriver.computeDomains.kubeletPlugin.healthcheck}, as GPUCluster's).
 *
 * @param enabled whether the plugin serves it (and the DaemonSet probes it); absent means true
 * @param port its TCP port; absent means NVIDIA's (51516 for GPUs, 51515 for compute domains)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DraHealthcheckSpec(
    @Default("true") Boolean enabled, @Minimum(1) @Maximum(65535) Integer port)
    implements EnabledByDefault {}
