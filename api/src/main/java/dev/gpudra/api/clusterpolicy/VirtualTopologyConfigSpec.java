package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The vGPU virtual topology daemon's config ({@code spec.driver.virtualTopology}).
 *
 * @param config the ConfigMap holding {@code nvidia-topologyd.conf}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record VirtualTopologyConfigSpec(String config) {}
