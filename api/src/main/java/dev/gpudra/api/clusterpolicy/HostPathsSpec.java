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
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record HostPathsSpec(
    @JsonProperty("rootFS") String rootFs,
    String driverInstallDir,
    @Default("\"/var/lib/kubelet\"") String kubeletRootDir) {}
