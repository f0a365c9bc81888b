package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.gpudra.api.schema.Default;

/**
 * Paths on the host the operands use ({@code spec.hostPaths}).
 *
 * @param rootFs the host's root file system, which operands chroot into
 * @param driverInstallDir the root of the driver's files on the host
 * @param kubeletRootDir (newer upstream, v26.7) the kubelet's root directory
 * @param cdiRoot (gpu-dra's addition) the host directory the container runtime reads CDI specs
 *     from, where gpu-dra's device plugin and DRA driver write them; NVIDIA's operands always use
 *     {@code /var/run/cdi}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record HostPathsSpec(
    @JsonProperty("rootFS") String rootFs,
    String driverInstallDir,
    @Default("\"/var/lib/kubelet\"") String kubeletRootDir,
    @Default("\"/var/run/cdi\"") String cdiRoot) {}
