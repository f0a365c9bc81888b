package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.api.schema.Required;

/**
 * What a ClusterPolicy asks of NVIDIA's GPU Operator ({@code spec}): one component per operand,
 * with NVIDIA's JSON names.
 *
 * @param operator settings of the operator itself
 * @param daemonsets settings common to every operand DaemonSet
 * @param driver the NVIDIA driver container
 * @param toolkit the NVIDIA Container Toolkit
 * @param devicePlugin the NVIDIA device plugin
 * @param dcgmExporter the DCGM exporter
 * @param dcgm the standalone DCGM host engine
 * @param nodeStatusExporter the node status exporter
 * @param gfd GPU feature discovery
 * @param mig how MIG devices are exposed
 * @param migManager the MIG manager
 * @param psp deprecated PodSecurityPolicy switch: accepted and ignored, as NVIDIA's (use {@code
 *     psa})
 * @param psa Pod Security Admission labels on the operator's namespace
 * @param validator the operator validator
 * @param gds the GPUDirect Storage driver (experimental)
 * @param gdrcopy the GDRCopy driver; absent means disabled
 * @param sandboxWorkloads virtual-machine (sandbox) workloads
 * @param vfioManager the VFIO manager
 * @param sandboxDevicePlugin the sandbox (KubeVirt) device plugin
 * @param kataSandboxDevicePlugin (newer upstream) the Kata sandbox device plugin
 * @param vgpuManager the vGPU manager
 * @param vgpuDeviceManager the vGPU device manager
 * @param cdi Container Device Interface support
 * @param kataManager the Kata manager
 * @param ccManager the confidential-computing manager
 * @param hostPaths paths on the host the operands use
 * @param draDriver gpu-dra's addition: our DRA driver, with GPUCluster's keys; absent, the policy
 *     is NVIDIA's (the device plugin on every GPU node)
 * @param migration gpu-dra's addition: which GPU nodes run the DRA driver instead of the device
 *     plugin, and how a node moves
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ClusterPolicySpec(
    @Required OperatorSpec operator,
    @Required DaemonsetsSpec daemonsets,
    @Required DriverSpec driver,
    @Required ToolkitSpec toolkit,
    @Required DevicePluginSpec devicePlugin,
    @Required DcgmExporterSpec dcgmExporter,
    @Required DcgmSpec dcgm,
    @Required NodeStatusExporterSpec nodeStatusExporter,
    @Required GpuFeatureDiscoverySpec gfd,
    MigSpec mig,
    MigManagerSpec migManager,
    PspSpec psp,
    PsaSpec psa,
    ValidatorSpec validator,
    GpuDirectStorageSpec gds,
    GdrCopySpec gdrcopy,
    SandboxWorkloadsSpec sandboxWorkloads,
    VfioManagerSpec vfioManager,
    SandboxDevicePluginSpec sandboxDevicePlugin,
    KataSandboxDevicePluginSpec kataSandboxDevicePlugin,
    VgpuManagerSpec vgpuManager,
    VgpuDeviceManagerSpec vgpuDeviceManager,
    CdiConfigSpec cdi,
    KataManagerSpec kataManager,
    CcManagerSpec ccManager,
    HostPathsSpec hostPaths,
    DraDriverSpec draDriver,
    MigrationSpec migration) {
  /** This spec with {@code draDriver} replaced. */
  public ClusterPolicySpec withDraDriver(DraDriverSpec draDriver) {
    return new ClusterPolicySpec(
        operator,
        daemonsets,
        driver,
        toolkit,
        devicePlugin,
        dcgmExporter,
        dcgm,
        nodeStatusExporter,
        gfd,
        mig,
        migManager,
        psp,
        psa,
        validator,
        gds,
        gdrcopy,
        sandboxWorkloads,
        vfioManager,
        sandboxDevicePlugin,
        kataSandboxDevicePlugin,
        vgpuManager,
        vgpuDeviceManager,
        cdi,
        kataManager,
        ccManager,
        hostPaths,
        draDriver,
        migration);
  }
}
