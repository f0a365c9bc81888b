package dev.gpudra.operator.render;

import dev.gpudra.api.clusterpolicy.DraComputeDomainsSpec;
import dev.gpudra.api.clusterpolicy.DraControllerSpec;
import dev.gpudra.api.clusterpolicy.DraDriverSpec;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import java.util.Map;
import java.util.Optional;

/**
 * {@code state-dra-driver}'s ComputeDomain controller: the Deployment {@code
 * nvidia-dra-driver-controller} (GPUCluster's name), one replica of our {@code
 * compute-domain-controller} with the image the domains' IMEX daemons run and the driver's feature
 * gates, then {@code draDriver.computeDomains.controller}'s env and resources; unprivileged, a
 * read-only root with {@code /tmp} in memory.
 */
public final class ComputeDomainControllerDeployment {
  /** GPUCluster's name of the Deployment, also its account's and its pods' {@code app}. */
  public static final String NAME = "nvidia-dra-driver-controller";

  private ComputeDomainControllerDeployment() {}

  public static Deployment render(OperandContext context) {
    DraDriverSpec dra = context.spec().draDriver();
    String image = DraKubeletPluginDaemonSet.image(context);
    Container container =
        new ContainerBuilder()
            .withName("compute-domain")
            .withImage(image)
            .withArgs("compute-domain-controller")
            .withNewSecurityContext()
            .withAllowPrivilegeEscalation(false)
            .withReadOnlyRootFilesystem(true)
            .withNewCapabilities()
            .withDrop("ALL")
            .endCapabilities()
            .endSecurityContext()
            .withEnv(
                PodParts.fieldRef("NAMESPACE", "metadata.namespace"),
                PodParts.env("IMAGE_NAME", image),
                PodParts.env("FEATURE_GATES", DraKubeletPluginDaemonSet.featureGates(dra)))
            .withVolumeMounts(PodParts.mount("tmp", "/tmp"))
            .build();
    Optional<DraControllerSpec> controller =
        Optional.ofNullable(dra.computeDomains()).map(DraComputeDomainsSpec::controller);
    new ComponentSettings(
            dra.imagePullPolicy(),
            null,
            controller.map(DraControllerSpec::env).orElse(null),
            controller.map(DraControllerSpec::resources).orElse(null))
        .applyTo(container);
    Map<String, String> labels = Map.of("app", NAME);
    return new DeploymentBuilder()
        .withNewMetadata()
        .withName(NAME)
        .withNamespace(context.namespace())
        .withLabels(labels)
        .endMetadata()
        .withNewSpec()
        .withReplicas(1)
        .withNewSelector()
        .withMatchLabels(labels)
        .endSelector()
        .withNewTemplate()
        .withNewMetadata()
        .withLabels(labels)
        .endMetadata()
        .withNewSpec()
        .withServiceAccountName(NAME)
        .withContainers(container)
        .withVolumes(new VolumeBuilder().withName("tmp").withNewEmptyDir().endEmptyDir().build())
        .withImagePullSecrets(PodParts.secrets(dra.imagePullSecrets()))
        .endSpec()
        .endTemplate()
        .endSpec()
        .build();
  }
}
