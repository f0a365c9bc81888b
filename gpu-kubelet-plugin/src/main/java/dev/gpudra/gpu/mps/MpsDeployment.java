package dev.gpudra.gpu.mps;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The Deployment of one MPS control daemon, as NVIDIA's template makes it: one replica pinned to
 * the node by {@code nodeName}, {@code hostPID}, privileged, the driver's image; the pipe, log and
 * shm directories mounted where the daemon (run without chroot) looks for them.
 */
public final class MpsDeployment {
  /** Where the daemon's container has its directories. */
  public static final String PIPE_DIR = "/tmp/nvidia-mps";

  public static final String LOG_DIR = "/var/log/nvidia-mps";
  public static final String SHM_DIR = "/dev/shm";
  public static final String DRIVER_ROOT = "/driver-root";

  /** Written by the daemon once the control daemon runs with its settings; the startup probe. */
  public static final String STARTUP_LOG = LOG_DIR + "/startup.log";

  /** Labels the plugin finds its daemons by. */
  public static final String COMPONENT_LABEL = "dra-driver-nvidia-gpu-component";

  public static final String COMPONENT = "mps-control-daemon";
  public static final String NODE_LABEL = "gpu.nvidia.com/node";

  private MpsDeployment() {}

  public static Deployment of(MpsDaemon daemon, MpsNode node, MpsDirectories dirs) {
    String name = daemon.name();
    Map<String, String> labels =
        Map.of("app", name, COMPONENT_LABEL, COMPONENT, NODE_LABEL, node.nodeName());
    return new DeploymentBuilder()
        .withNewMetadata()
        .withName(name)
        .withNamespace(node.namespace())
        .withLabels(labels)
        .endMetadata()
        .withNewSpec()
        .withReplicas(1)
        .withNewSelector()
        .withMatchLabels(Map.of("app", name))
        .endSelector()
        .withNewStrategy()
        .withType("Recreate")
        .endStrategy()
        .withNewTemplate()
        .withNewMetadata()
        .withLabels(labels)
        .endMetadata()
        .withNewSpec()
        .withNodeName(node.nodeName())
        .withHostPID(true)
        .withPriorityClassName("system-node-critical")
        .withServiceAccountName(
            node.pod().serviceAccount().isEmpty() ? null : node.pod().serviceAccount())
        .withImagePullSecrets(
            node.pod().pullSecrets().stream()
                .map(io.fabric8.kubernetes.api.model.LocalObjectReference::new)
                .toList())
        .withTerminationGracePeriodSeconds(15L)
        .addNewToleration()
        .withOperator("Exists")
        .endToleration()
        .withContainers(container(daemon, node))
        .withVolumes(volumes(daemon, node, dirs))
        .endSpec()
        .endTemplate()
        .endSpec()
        .build();
  }

  private static Container container(MpsDaemon daemon, MpsNode node) {
    List<String> args = new ArrayList<>(List.of(COMPONENT, "--driver-root=" + DRIVER_ROOT));
    daemon.activeThreadPercentage().ifPresent(p -> args.add("--active-thread-percentage=" + p));
    if (daemon.multiUser()) {
      args.add("--multi-user=true");
    }
    daemon.pinnedLimitsMiB().entrySet().stream()
        .sorted(Map.Entry.comparingByKey())
        .forEach(
            e -> args.add("--pinned-device-memory-limit=" + e.getKey() + "=" + e.getValue() + "M"));
    return new ContainerBuilder()
        .withName(COMPONENT)
        .withImage(node.image())
        .withImagePullPolicy(node.pod().pullPolicy())
        .withArgs(args)
        .withEnv(
            new EnvVar("CUDA_VISIBLE_DEVICES", String.join(",", daemon.uuids()), null),
            new EnvVar("NVIDIA_VISIBLE_DEVICES", "void", null))
        .withNewSecurityContext()
        .withPrivileged(true)
        .endSecurityContext()
        .withNewStartupProbe()
        .withNewExec()
        .withCommand("cat", STARTUP_LOG)
        .endExec()
        .withPeriodSeconds(1)
        .withFailureThreshold(600)
        .endStartupProbe()
        .withVolumeMounts(
            mount("driver-root", DRIVER_ROOT, true),
            mount("mps-pipe", PIPE_DIR, false),
            mount("mps-log", LOG_DIR, false),
            mount("mps-shm", SHM_DIR, false))
        .build();
  }

  private static VolumeMount mount(String volume, String path, boolean readOnly) {
    return new VolumeMountBuilder()
        .withName(volume)
        .withMountPath(path)
        .withReadOnly(readOnly)
        .build();
  }

  private static List<Volume> volumes(MpsDaemon daemon, MpsNode node, MpsDirectories dirs) {
    return List.of(
        hostPath("driver-root", node.hostDriverRoot()),
        hostPath("mps-pipe", dirs.pipe(daemon.id())),
        hostPath("mps-log", dirs.log(daemon.id())),
        hostPath("mps-shm", dirs.shm(daemon.id())));
  }

  private static Volume hostPath(String name, Path path) {
    return new VolumeBuilder()
        .withName(name)
        .withNewHostPath()
        .withPath(path.toString())
        .withType("Directory")
        .endHostPath()
        .build();
  }
}
