package dev.gpudra.operator.render.nvidia;

import dev.gpudra.api.clusterpolicy.SandboxWorkloadsSpec;
import dev.gpudra.api.clusterpolicy.WorkloadConfig;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.PodParts;
import dev.gpudra.operator.render.ValidationWait;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import java.util.Locale;
import java.util.Optional;

/**
 * What NVIDIA's sandbox (virtual-machine) operands share: the validator image of their waits, the
 * waits that apply only to one workload ({@code vm-passthrough} needs {@code vfio-pci-ready},
 * {@code vm-vgpu} needs {@code vgpu-devices-ready}; the validator writes the node's workload into
 * {@code workload-type}), and the host paths of the kubelet's device plugins and the CDI specs.
 */
final class SandboxPods {
  /** The kubelet's device-plugin directory, a constant of its device manager. */
  static final String DEVICE_PLUGINS = "/var/lib/kubelet/device-plugins";

  /** NVIDIA's sandbox device plugins write their CDI specs here, whatever {@code cdiRoot} says. */
  static final String CDI_ROOT = "/var/run/cdi";

  private SandboxPods() {}

  static String validatorImage(OperandContext context) {
    return context.nvidiaImage(context.spec().validator(), "validator", "VALIDATOR_IMAGE");
  }

  /**
   * An init container that waits for {@code file} only on nodes whose {@code workload-type} is
   * {@code workload}, and passes at once on the others.
   *
   * @param name NVIDIA's name of the wait ({@code vfio-pci-validation})
   */
  static Container workloadWait(String name, String image, WorkloadConfig workload, String file) {
    String dir = ValidationWait.DIR;
    String type = workloadName(workload);
    return new ContainerBuilder()
        .withName(name)
        .withImage(image)
        .withCommand("sh", "-c")
        .withArgs(
            "until [ -f "
                + dir
                + "/workload-type ]; do echo waiting for workload type status file; sleep 5;"
                + " done; if [ \"$(cat "
                + dir
                + "/workload-type)\" != \""
                + type
                + "\" ]; then echo "
                + file
                + " not needed, skipping validation; exit 0; fi; until [ -f "
                + dir
                + "/"
                + file
                + " ]; do echo waiting for "
                + file
                + "; sleep 5; done")
        .withEnv(PodParts.env("NVIDIA_VISIBLE_DEVICES", "void"))
        .withNewSecurityContext()
        .withPrivileged(true)
        .endSecurityContext()
        .withVolumeMounts(PodParts.hostToContainerWritable(ValidationWait.VOLUME, dir))
        .build();
  }

  /** The workload of a node without a label ({@code sandboxWorkloads.defaultWorkload}). */
  static String defaultWorkload(OperandContext context) {
    return workloadName(
        Optional.ofNullable(context.spec().sandboxWorkloads())
            .map(SandboxWorkloadsSpec::defaultWorkload)
            .orElse(WorkloadConfig.CONTAINER));
  }

  static String workloadName(WorkloadConfig workload) {
    return workload.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
