package dev.gpudra.api.nvidiadriver;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.gpudra.api.clusterpolicy.ContainerProbeSpec;
import dev.gpudra.api.clusterpolicy.DriverManagerSpec;
import dev.gpudra.api.clusterpolicy.DriverUpgradePolicySpec;
import dev.gpudra.api.clusterpolicy.EnvVar;
import dev.gpudra.api.clusterpolicy.GdrCopySpec;
import dev.gpudra.api.clusterpolicy.GpuDirectRdmaSpec;
import dev.gpudra.api.clusterpolicy.GpuDirectStorageSpec;
import dev.gpudra.api.clusterpolicy.KernelModuleType;
import dev.gpudra.api.clusterpolicy.Resources;
import dev.gpudra.api.schema.Default;
import dev.gpudra.api.schema.Required;
import io.fabric8.kubernetes.api.model.NodeAffinity;
import io.fabric8.kubernetes.api.model.PodSecurityContext;
import io.fabric8.kubernetes.api.model.Toleration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code spec} of an NVIDIADriver, NVIDIA's keys.
 *
 * @param isDefault whether it owns every GPU node no other NVIDIADriver picks (then without {@code
 *     nodeSelector}); JSON {@code default}
 * @param driverType {@code gpu}, {@code vgpu} or {@code vgpu-host-manager} (immutable)
 * @param usePrecompiled whether to use precompiled driver images (immutable)
 * @param useOpenKernelModules deprecated: use {@code kernelModuleType}
 * @param kernelModuleType which kernel modules to load
 * @param startupProbe the driver container's startup probe
 * @param livenessProbe the driver container's liveness probe
 * @param readinessProbe the driver container's readiness probe
 * @param rdma GPUDirect RDMA ({@code nvidia-peermem})
 * @param gds GPUDirect Storage ({@code nvidia-fs})
 * @param gdrcopy GDRCopy ({@code gdrdrv})
 * @param repository the image's registry and repository path
 * @param image the image name (a full reference when repository and version are empty)
 * @param version the image tag (the driver version), or a {@code sha256:} digest
 * @param imagePullPolicy {@code Always}, {@code Never} or {@code IfNotPresent}
 * @param imagePullSecrets names of the Secrets to pull the image with
 * @param manager the driver manager init container
 * @param resources the driver containers' resource limits and requests
 * @param args extra driver container arguments
 * @param env extra driver container environment variables
 * @param repoConfig custom package repository config
 * @param certConfig custom certificates
 * @param licensingConfig vGPU licensing
 * @param virtualTopologyConfig the vGPU virtual topology daemon's config
 * @param kernelModuleConfig kernel module parameters
 * @param secretEnv a Secret whose keys become the driver container's variables
 * @param upgradePolicy how upgrades of this driver roll over its nodes
 * @param nodeSelector the GPU nodes this driver is for (none: every GPU node)
 * @param nodeAffinity the driver pods' node affinity
 * @param labels extra labels of the driver's DaemonSets and pods
 * @param annotations extra annotations of the driver's DaemonSets and pods
 * @param tolerations extra tolerations of the driver pods
 * @param priorityClassName the driver pods' priority class
 * @param podSecurityContext the driver pods' security context
 * @param hostNetwork run the driver pods in the host network
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record NvidiaDriverSpec(
    @Required @Default("false") @JsonProperty("default") Boolean isDefault,
    @Required @Default("\"gpu\"") NvidiaDriverType driverType,
    Boolean usePrecompiled,
    Boolean useOpenKernelModules,
    @Default("\"auto\"") KernelModuleType kernelModuleType,
    ContainerProbeSpec startupProbe,
    ContainerProbeSpec livenessProbe,
    ContainerProbeSpec readinessProbe,
    GpuDirectRdmaSpec rdma,
    GpuDirectStorageSpec gds,
    GdrCopySpec gdrcopy,
    String repository,
    @Required @Default("\"nvcr.io/nvidia/driver\"") String image,
    String version,
    String imagePullPolicy,
    List<String> imagePullSecrets,
    DriverManagerSpec manager,
    Resources resources,
    List<String> args,
    List<EnvVar> env,
    ConfigRef repoConfig,
    ConfigRef certConfig,
    LicensingConfig licensingConfig,
    ConfigRef virtualTopologyConfig,
    ConfigRef kernelModuleConfig,
    String secretEnv,
    DriverUpgradePolicySpec upgradePolicy,
    Map<String, String> nodeSelector,
    NodeAffinity nodeAffinity,
    Map<String, String> labels,
    Map<String, String> annotations,
    List<Toleration> tolerations,
    String priorityClassName,
    PodSecurityContext podSecurityContext,
    Boolean hostNetwork) {
  public NvidiaDriverSpec {
    imagePullSecrets = imagePullSecrets == null ? null : List.copyOf(imagePullSecrets);
    args = args == null ? null : List.copyOf(args);
    env = env == null ? null : List.copyOf(env);
    nodeSelector = nodeSelector == null ? null : Map.copyOf(nodeSelector);
    labels = labels == null ? null : Map.copyOf(labels);
    annotations = annotations == null ? null : Map.copyOf(annotations);
    tolerations = tolerations == null ? null : List.copyOf(tolerations);
  }

  /** Whether it is the default driver; absent means no, as NVIDIA's CRD defaults it. */
  public boolean defaultDriver() {
    return Boolean.TRUE.equals(isDefault);
  }

  /** The driver type; absent means {@code gpu}, as NVIDIA's CRD defaults it. */
  public NvidiaDriverType type() {
    return Optional.ofNullable(driverType).orElse(NvidiaDriverType.GPU);
  }

  /** The node selector; absent means none. */
  public Map<String, String> selector() {
    return Optional.ofNullable(nodeSelector).orElse(Map.of());
  }
}
