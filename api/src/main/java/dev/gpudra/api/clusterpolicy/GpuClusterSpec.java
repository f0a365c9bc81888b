package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.api.schema.Required;

/**
 * {@code spec} of a GPUCluster, NVIDIA's keys: the DRA driver, DCGM and its exporter, host paths
 * and the DaemonSets' common settings (the driver itself is pre-installed or NVIDIADriver's).
 *
 * @param draDriver the DRA driver (required)
 * @param dcgm the standalone DCGM host engine; absent or without {@code enabled} it does not run
 *     (unlike a ClusterPolicy's)
 * @param dcgmExporter the DCGM exporter; absent {@code enabled} means it runs
 * @param hostPaths the host's root, the driver's install directory and the kubelet's root
 * @param daemonsets labels, annotations, tolerations, priority class and update strategy of every
 *     operand DaemonSet
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record GpuClusterSpec(
    @Required DraDriverSpec draDriver,
    DcgmSpec dcgm,
    DcgmExporterSpec dcgmExporter,
    GpuClusterHostPathsSpec hostPaths,
    DaemonsetsSpec daemonsets) {}
