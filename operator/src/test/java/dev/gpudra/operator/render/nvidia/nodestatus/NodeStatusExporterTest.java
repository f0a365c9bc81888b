package dev.gpudra.operator.render.nvidia.nodestatus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.operator.render.MissingImageException;
import dev.gpudra.operator.render.OperandContext;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class NodeStatusExporterTest {
  private static ClusterPolicySpec spec(String yaml) throws IOException {
    return new ObjectMapper(new YAMLFactory()).readValue(yaml, ClusterPolicySpec.class);
  }

  @Test
  @DisplayName(
      "the validator image runs in metrics mode on its deploy label, its Service on port 8000")
  void validatorImageInMetricsModeOnItsDeployLabelWithItsServiceOnPort8000() throws IOException {
    ClusterPolicySpec spec =
        spec(
            "nodeStatusExporter: {enabled: true, repository: nvcr.io/nvidia/cloud-native,"
                + " image: gpu-operator-validator, version: v26.7.0, imagePullPolicy: Always,"
                + " imagePullSecrets: [ngc], env: [{name: METRICS_PORT, value: '8000'},"
                + " {name: EXTRA, value: x}], args: [--verbose],"
                + " resources: {limits: {memory: 100Mi}}}\n");

    List<HasMetadata> objects =
        NodeStatusExporter.objects(new OperandContext("gpu-operator", spec, "gpu-dra:1"));

    assertThat(objects.getLast()).isInstanceOf(DaemonSet.class);
    DaemonSet ds = (DaemonSet) objects.getLast();
    var pod = ds.getSpec().getTemplate().getSpec();
    var main = pod.getContainers().getFirst();
    assertThat(ds.getMetadata().getName()).isEqualTo("nvidia-node-status-exporter");
    assertThat(pod.getNodeSelector())
        .containsExactly(Map.entry("nvidia.com/gpu.deploy.node-status-exporter", "true"));
    assertThat(pod.getServiceAccountName()).isEqualTo("nvidia-node-status-exporter");
    assertThat(main.getImage())
        .isEqualTo("nvcr.io/nvidia/cloud-native/gpu-operator-validator:v26.7.0");
    assertThat(main.getImagePullPolicy()).isEqualTo("Always");
    assertThat(main.getCommand()).containsExactly("nvidia-validator");
    assertThat(main.getArgs()).containsExactly("--verbose");
    assertThat(main.getEnv())
        .extracting(EnvVar::getName)
        .containsOnlyOnce("METRICS_PORT")
        .contains("COMPONENT", "NODE_NAME", "EXTRA");
    assertThat(main.getResources().getLimits()).containsKey("memory");
    assertThat(pod.getImagePullSecrets()).extracting(r -> r.getName()).containsExactly("ngc");
    assertThat(objects)
        .filteredOn(Service.class::isInstance)
        .singleElement()
        .satisfies(s -> {
          Service service = (Service) s;
          assertThat(service.getSpec().getSelector())
              .containsEntry("app", ds.getMetadata().getName());
          assertThat(service.getSpec().getPorts().getFirst().getPort()).isEqualTo(8000);
        });
  }

  @Test
  @DisplayName("the operator's validator image variable applies when the policy names none")
  void theOperatorsValidatorImageVariableWhenThePolicyNamesNone() throws IOException {
    OperandContext context =
        new OperandContext(
            "gpu-operator",
            spec("nodeStatusExporter: {enabled: true}\n"),
            "gpu-dra:1",
            Map.of("VALIDATOR_IMAGE", "registry.local/validator:1"));

    DaemonSet ds = (DaemonSet) NodeStatusExporter.objects(context).getLast();

    assertThat(ds.getSpec().getTemplate().getSpec().getContainers().getFirst().getImage())
        .isEqualTo("registry.local/validator:1");
    assertThat(ds.getSpec().getTemplate().getSpec().getContainers().getFirst().getImagePullPolicy())
        .isEqualTo("IfNotPresent");
  }

  @Test
  @DisplayName("no image anywhere is refused, naming the field and the variable")
  void noImageAnywhereIsRefusedNamingTheFieldAndTheVariable() throws IOException {
    OperandContext context =
        new OperandContext("gpu-operator", spec("nodeStatusExporter: {enabled: true}\n"), "x");

    assertThatThrownBy(() -> NodeStatusExporter.objects(context))
        .isInstanceOf(MissingImageException.class)
        .hasMessage(
            "no image for spec.nodeStatusExporter: set its repository, image and version, or"
                + " VALIDATOR_IMAGE in the operator's environment");
  }
}
