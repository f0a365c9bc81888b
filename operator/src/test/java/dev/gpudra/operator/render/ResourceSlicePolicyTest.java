package dev.gpudra.operator.render;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.ValidatingAdmissionPolicy;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.ValidatingAdmissionPolicyBinding;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ResourceSlicePolicyTest {
  @Test
  @DisplayName(
      "NVIDIA's policy matches the plugin's account in the operator's namespace, and denies")
  void nvidiasPolicyMatchesThePluginsAccountInTheOperatorsNamespaceAndDenies() throws Exception {
    List<HasMetadata> objects =
        ResourceSlicePolicy.render(
            new OperandContext(
                "gpu-operator",
                new ObjectMapper(new YAMLFactory()).readValue("{}", ClusterPolicySpec.class),
                "gpu-dra:1"));

    ValidatingAdmissionPolicy policy = (ValidatingAdmissionPolicy) objects.getFirst();
    ValidatingAdmissionPolicyBinding binding = (ValidatingAdmissionPolicyBinding) objects.get(1);
    assertThat(policy.getMetadata().getName()).isEqualTo("resourceslices-policy-nvidia-dra-driver");
    assertThat(policy.getSpec().getMatchConditions().getFirst().getExpression())
        .isEqualTo(
            "request.userInfo.username =="
                + " 'system:serviceaccount:gpu-operator:nvidia-dra-driver-kubelet-plugin'");
    assertThat(policy.getSpec().getMatchConstraints().getResourceRules().getFirst().getOperations())
        .containsExactly("CREATE", "UPDATE", "DELETE");
    assertThat(binding.getSpec().getPolicyName()).isEqualTo(policy.getMetadata().getName());
    assertThat(binding.getSpec().getValidationActions()).containsExactly("Deny");
  }
}
