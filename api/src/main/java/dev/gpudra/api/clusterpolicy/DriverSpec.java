package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.gpudra.api.schema.Default;
import dev.gpudra.api.schema.Pattern;
import java.util.List;

/**
 * The NVIDIA driver container ({@code spec.driver}).
 *
 * @param useNvidiaDriverCrd whether NVIDIADriver resources manage the driver instead; absent means
 *     false
 * @param usePrecompiled whether to use precompiled driver images; absent means false
 * @param useOpenKernelModules deprecated: accepted and ignored, as NVIDIA's (use {@code
 *     kernelModuleType})
 * @param kernelModuleType which kernel modules to load
 * @param enabled whether the operator deploys the driver; absent means true (no CRD default)
 * @param startupProbe the startup probe of the driver container
 * @param livenessProbe the liveness probe of the driver container
 * @param readinessProbe the readiness probe of the driver container
 * @param rdma GPUDirect RDMA ({@code nvidia-peermem})
 * @param upgradePolicy how driver upgrades roll over the nodes
 * @param repository the image's registry and repository path
 * @param image the image name (a full reference when repository and version are empty)
 * @param version the image tag, or a {@code sha256:} digest
 * @param imagePullPolicy {@code Always}, {@code Never} or {@code IfNotPresent}
 * @param imagePullSecrets names of the Secrets to pull the image with
 * @param manager the driver manager init container
 * @param resources the container's resource limits and requests
 * @param args extra container arguments
 * @param env extra container environment variables
 * @param repoConfig custom package repository config
 * @param certConfig custom certificates
 * @param licensingConfig vGPU licensing
 * @param virtualTopology the vGPU virtual topology daemon's config
 * @param kernelModuleConfig kernel module parameters
 * @param secretEnv the name of a Secret with extra environment variables for the driver
 * @param hostNetwork (newer upstream) run the pod in the host network with DNS policy {@code
 *     ClusterFirstWithHostNet}; absent means false; JSON name inferred from {@code
 *     spec.dcgm.hostNetwork}, which the same upstream change added
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DriverSpec(
    @JsonProperty("useNvidiaDriverCRD") Boolean useNvidiaDriverCrd,
    Boolean usePrecompiled,
    Boolean useOpenKernelModules,
    @Default("\"auto\"") KernelModuleType kernelModuleType,
    Boolean enabled,
    ContainerProbeSpec startupProbe,
    ContainerProbeSpec livenessProbe,
    ContainerProbeSpec readinessProbe,
    GpuDirectRdmaSpec rdma,
    DriverUpgradePolicySpec upgradePolicy,
    String repository,
    @Pattern(Image.NAME_PATTERN) String image,
    String version,
    String imagePullPolicy,
    List<String> imagePullSecrets,
    DriverManagerSpec manager,
    Resources resources,
    List<String> args,
    List<EnvVar> env,
    DriverRepoConfigSpec repoConfig,
    DriverCertConfigSpec certConfig,
    DriverLicensingConfigSpec licensingConfig,
    VirtualTopologyConfigSpec virtualTopology,
    KernelModuleConfigSpec kernelModuleConfig,
    String secretEnv,
    Boolean hostNetwork)
    implements ContainerKeys, EnabledByDefault {
  public DriverSpec {
    imagePullSecrets = Frozen.list(imagePullSecrets);
    args = Frozen.list(args);
    env = Frozen.list(env);
  }
}
