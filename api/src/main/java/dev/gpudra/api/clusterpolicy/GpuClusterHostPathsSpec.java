package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.api.schema.Default;

/**
 * {@code spec.hostPaths} of a GPUCluster (no {@code rootFS}: the host's root is {@code /}).
 *
 * @param driverInstallDir where the driver is installed on the host
 * @param kubeletRootDir the kubelet's root directory
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record GpuClusterHostPathsSpec(
    String driverInstallDir, @Default("\"/var/lib/kubelet\"") String kubeletRootDir) {}
