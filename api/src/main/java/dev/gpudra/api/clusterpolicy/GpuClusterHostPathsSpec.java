package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.gpudra.api.schema.Default;

/**
 * {@code spec.hostPaths} of a GPUCluster.
 *
 * @param rootFs (gpu-dra's addition: NVIDIA's own GPUCluster sample sets it, NVIDIA's CRD lacks it)
 *     the host's root file system, as a ClusterPolicy's {@code hostPaths.rootFS}; absent means
 *     {@code /}
 * @param driverInstallDir where the driver is installed on the host
 * @param kubeletRootDir the kubelet's root directory
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record GpuClusterHostPathsSpec(
    @JsonProperty("rootFS") String rootFs,
    String driverInstallDir,
    @Default("\"/var/lib/kubelet\"") String kubeletRootDir) {}
