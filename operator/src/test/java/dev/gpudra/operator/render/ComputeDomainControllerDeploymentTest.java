package dev.gpudra.operator.render;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.io.IOException;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ComputeDomainControllerDeploymentTest {
  private static Deployment render(String yaml) throws IOException {
    return ComputeDomainControllerDeployment.render(
        new OperandContext(
            "gpu-operator",
            new ObjectMapper(new YAMLFactory()).readValue(yaml, ClusterPolicySpec.class),
            "registry.local/gpu-dra:0.1.0"));
  }

  @Test
  @DisplayName(
      "a GPUCluster's controller runs ours unprivileged, with the daemon's image and its settings")
  void gpuClustersControllerRunsOursUnprivilegedWithTheDaemonsImageAndItsSettings()
      throws IOException {
    Deployment deployment =
        render(
            "draDriver:\n  imagePullPolicy: Never\n  featureGates: {ComputeDomainCliques: true}\n"
                + "  computeDomains:\n    controller:\n      env: [{name: LOG_LEVEL, value: debug}]\n"
                + "      resources: {limits: {memory: 256Mi}}\n");
    Container container = deployment.getSpec().getTemplate().getSpec().getContainers().getFirst();
    Map<String, String> env =
        container.getEnv().stream()
            .filter(e -> e.getValue() != null)
            .collect(Collectors.toMap(EnvVar::getName, EnvVar::getValue));

    assertThat(deployment.getMetadata().getName()).isEqualTo("nvidia-dra-driver-controller");
    assertThat(deployment.getSpec().getReplicas()).isEqualTo(1);
    assertThat(deployment.getSpec().getTemplate().getSpec().getServiceAccountName())
        .isEqualTo("nvidia-dra-driver-controller");
    assertThat(container.getArgs()).containsExactly("compute-domain-controller");
    assertThat(container.getImagePullPolicy()).isEqualTo("Never");
    assertThat(container.getSecurityContext().getPrivileged()).isNull();
    assertThat(container.getSecurityContext().getReadOnlyRootFilesystem()).isTrue();
    assertThat(env)
        .containsEntry("IMAGE_NAME", "registry.local/gpu-dra:0.1.0")
        .containsEntry("FEATURE_GATES", "ComputeDomainCliques=true")
        .containsEntry("LOG_LEVEL", "debug");
    assertThat(container.getResources().getLimits()).containsKey("memory");
  }
}
