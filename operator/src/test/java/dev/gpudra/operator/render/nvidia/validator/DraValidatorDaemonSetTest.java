package dev.gpudra.operator.render.nvidia.validator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.api.clusterpolicy.GpuClusterSpec;
import dev.gpudra.operator.alias.GpuClusterAlias;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.StateRefusedException;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class DraValidatorDaemonSetTest {
  private static final String CLUSTER =
      "draDriver: {repository: nvcr.io/nvidia, image: k8s-dra-driver-gpu, version: v0.5.0,"
          + " imagePullPolicy: Always, imagePullSecrets: [ngc]}\n"
          + "daemonsets: {tolerations: [{key: nvidia.com/gpu, operator: Exists, effect:"
          + " NoSchedule}], labels: {team: ml, app: other}}\n";

  private static OperandContext context(String yaml, Map<String, String> env) throws IOException {
    GpuClusterSpec cluster =
        new ObjectMapper(new YAMLFactory()).readValue(yaml, GpuClusterSpec.class);
    return new OperandContext("gpu-operator", GpuClusterAlias.policySpec(cluster), "x", env);
  }

  private static List<HasMetadata> objects() throws IOException {
    return DraValidatorDaemonSet.objects(
        context(CLUSTER, Map.of("VALIDATOR_IMAGE", "nvcr.io/nvidia/gpu-operator:v26.7.0")));
  }

  @Test
  @DisplayName("an admin-access claim for one DRA GPU gates the validator pod")
  void anAdminAccessClaimForOneDraGpuGatesTheValidatorPod() throws IOException {
    List<HasMetadata> objects = objects();

    ResourceClaimTemplate template =
        (ResourceClaimTemplate)
            objects.stream()
                .filter(ResourceClaimTemplate.class::isInstance)
                .findFirst()
                .orElseThrow();
    var request = template.getSpec().getSpec().getDevices().getRequests().getFirst();
    assertThat(template.getMetadata().getName()).isEqualTo("nvidia-dra-validator-gpu");
    assertThat(template.getMetadata().getNamespace()).isEqualTo("gpu-operator");
    assertThat(request.getName()).isEqualTo("validation-gpu");
    assertThat(request.getExactly().getDeviceClassName()).isEqualTo("gpu.nvidia.com");
    assertThat(request.getExactly().getAllocationMode()).isEqualTo("ExactCount");
    assertThat(request.getExactly().getCount()).isEqualTo(1L);
    assertThat(request.getExactly().getAdminAccess()).isTrue();
    PodSpec pod = ((DaemonSet) objects.getLast()).getSpec().getTemplate().getSpec();
    assertThat(pod.getResourceClaims())
        .singleElement()
        .satisfies(c -> {
          assertThat(c.getName()).isEqualTo("validation-gpu");
          assertThat(c.getResourceClaimTemplateName()).isEqualTo("nvidia-dra-validator-gpu");
        });
    Container gpu = pod.getInitContainers().getFirst();
    assertThat(gpu.getName()).isEqualTo("gpu-validation");
    assertThat(gpu.getCommand()).containsExactly("sh", "-c", "nvidia-smi -L");
    assertThat(gpu.getResources().getClaims())
        .extracting(c -> c.getName())
        .containsExactly("validation-gpu");
  }

  @Test
  @DisplayName(
      "it runs on the DRA validator deploy label of GPU nodes, with the validator image and the DRA driver's pull settings")
  void onTheDraValidatorDeployLabelOfGpuNodesWithTheValidatorImageAndDraDriverPullSettings()
      throws IOException {
    DaemonSet ds = (DaemonSet) objects().getLast();
    PodSpec pod = ds.getSpec().getTemplate().getSpec();

    assertThat(ds.getMetadata().getName()).isEqualTo("nvidia-dra-validator");
    assertThat(pod.getNodeSelector())
        .containsExactly(Map.entry("nvidia.com/gpu.deploy.dra-validator", "true"));
    assertThat(
            pod.getAffinity()
                .getNodeAffinity()
                .getRequiredDuringSchedulingIgnoredDuringExecution()
                .getNodeSelectorTerms()
                .getFirst()
                .getMatchExpressions()
                .getFirst()
                .getKey())
        .isEqualTo("nvidia.com/gpu.present");
    assertThat(pod.getServiceAccountName()).isEqualTo("nvidia-dra-validator");
    assertThat(pod.getPriorityClassName()).isEqualTo("system-node-critical");
    assertThat(pod.getTolerations())
        .singleElement()
        .satisfies(t -> assertThat(t.getKey()).isEqualTo("nvidia.com/gpu"));
    assertThat(pod.getImagePullSecrets()).extracting(r -> r.getName()).containsExactly("ngc");
    assertThat(pod.getInitContainers()).hasSize(1);
    assertThat(List.of(pod.getInitContainers().getFirst(), pod.getContainers().getFirst()))
        .allSatisfy(c -> {
          assertThat(c.getImage()).isEqualTo("nvcr.io/nvidia/gpu-operator:v26.7.0");
          assertThat(c.getImagePullPolicy()).isEqualTo("Always");
        });
    assertThat(pod.getContainers().getFirst().getCommand().getLast())
        .contains("all validations are successful");
  }

  @Test
  @DisplayName("the pods carry the upgrade gate's app label and are selected by name")
  void podsCarryTheUpgradeGatesAppLabelAndAreSelectedByName() throws IOException {
    DaemonSet ds = (DaemonSet) objects().getLast();

    assertThat(ds.getMetadata().getLabels()).containsEntry("app", "nvidia-dra-validator");
    assertThat(ds.getSpec().getTemplate().getMetadata().getLabels())
        .containsEntry("app", "nvidia-operator-validator")
        .containsEntry("app.kubernetes.io/name", "nvidia-dra-validator")
        .containsEntry("team", "ml");
    assertThat(ds.getSpec().getSelector().getMatchLabels())
        .containsExactly(Map.entry("app.kubernetes.io/name", "nvidia-dra-validator"));
    assertThat(ds.getSpec().getUpdateStrategy().getRollingUpdate().getMaxUnavailable().getStrVal())
        .isEqualTo("100%");
  }

  @Test
  @DisplayName("without the validator image variable the state is refused, saying what to set")
  void withoutTheValidatorImageVariableTheStateIsRefusedSayingWhatToSet() throws IOException {
    OperandContext context = context(CLUSTER, Map.of());

    assertThatThrownBy(() -> DraValidatorDaemonSet.objects(context))
        .isInstanceOf(StateRefusedException.class)
        .hasMessage(
            "no image for spec.validator: set its repository, image and version, or"
                + " VALIDATOR_IMAGE in the operator's environment");
  }
}
