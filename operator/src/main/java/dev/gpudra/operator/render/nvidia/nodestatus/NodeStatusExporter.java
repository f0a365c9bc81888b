package dev.gpudra.operator.render.nvidia.nodestatus;

import dev.gpudra.api.clusterpolicy.NodeStatusExporterSpec;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.OperandRbac;
import dev.gpudra.operator.render.PodParts;
import dev.gpudra.operator.render.nvidia.component.NvidiaComponent;
import dev.gpudra.operator.render.nvidia.component.NvidiaDaemonSet;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code state-node-status-exporter}: NVIDIA's validator image in its {@code metrics} mode on the
 * nodes labelled {@code nvidia.com/gpu.deploy.node-status-exporter=true}, serving the validation
 * state of the node on port 8000 ({@code node-status}) behind the Service {@code
 * nvidia-node-status-exporter}; it reads pods and nodes.
 */
public final class NodeStatusExporter {
  /** NVIDIA's name of the DaemonSet, its Service and its service account. */
  public static final String NAME = "nvidia-node-status-exporter";

  static final int PORT = 8000;

  private NodeStatusExporter() {}

  public static List<HasMetadata> objects(OperandContext context) {
    NodeStatusExporterSpec spec = context.spec().nodeStatusExporter();
    NvidiaComponent component =
        NvidiaComponent.of(context, spec, "nodeStatusExporter", "VALIDATOR_IMAGE");
    List<HasMetadata> objects = new ArrayList<>();
    objects.add(OperandRbac.serviceAccount(context, NAME));
    objects.addAll(
        OperandRbac.role(
            context,
            NAME,
            NAME,
            OperandRbac.rule("", "pods", "get", "list"),
            OperandRbac.rule("", "nodes", "get", "list")));
    objects.add(
        OperandRbac.clusterRole(
            NAME, List.of(OperandRbac.rule("", "nodes", "get", "list", "watch"))));
    objects.add(OperandRbac.clusterRoleBinding(context, NAME));
    objects.add(service(context));
    objects.add(daemonSet(context, component));
    return objects;
  }

  private static HasMetadata daemonSet(OperandContext context, NvidiaComponent component) {
    Container main =
        new ContainerBuilder()
            .withName(NAME)
            .withCommand("nvidia-validator")
            .withEnv(
                PodParts.env("NVIDIA_VISIBLE_DEVICES", "void"),
                PodParts.env("COMPONENT", "metrics"),
                PodParts.env("METRICS_PORT", String.valueOf(PORT)),
                PodParts.fieldRef("NODE_NAME", "spec.nodeName"),
                PodParts.fieldRef("OPERATOR_NAMESPACE", "metadata.namespace"))
            .addNewPort()
            .withName("node-status")
            .withContainerPort(PORT)
            .endPort()
            .withNewSecurityContext()
            .withPrivileged(true)
            .endSecurityContext()
            .withVolumeMounts(
                PodParts.hostToContainerWritable("run-nvidia", "/run/nvidia"),
                PodParts.hostToContainer("host-root", "/host"))
            .build();
    PodSpec pod =
        new PodSpecBuilder()
            .withContainers(main)
            .withVolumes(
                PodParts.hostPath("run-nvidia", "/run/nvidia", "Directory"),
                PodParts.hostPath("host-root", "/", null))
            .build();
    return NvidiaDaemonSet.of(context, NAME, "node-status-exporter", component, pod);
  }

  private static HasMetadata service(OperandContext context) {
    return new ServiceBuilder()
        .withNewMetadata()
        .withName(NAME)
        .withNamespace(context.namespace())
        .addToLabels("app", NAME)
        .addToAnnotations("prometheus.io/scrape", "true")
        .addToAnnotations("prometheus.io/port", String.valueOf(PORT))
        .endMetadata()
        .withNewSpec()
        .addToSelector("app", NAME)
        .addNewPort()
        .withName("node-status")
        .withPort(PORT)
        .withNewTargetPort(PORT)
        .withProtocol("TCP")
        .endPort()
        .endSpec()
        .build();
  }
}
