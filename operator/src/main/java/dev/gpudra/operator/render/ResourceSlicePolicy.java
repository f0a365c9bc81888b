package dev.gpudra.operator.render;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.ValidatingAdmissionPolicyBindingBuilder;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.ValidatingAdmissionPolicyBuilder;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.Validation;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.ValidationBuilder;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.Variable;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.VariableBuilder;
import java.util.List;

/**
 * NVIDIA's ValidatingAdmissionPolicy {@code resourceslices-policy-nvidia-dra-driver} and its
 * binding: the DRA kubelet plugins' account may create, update and delete only the ResourceSlices
 * of the node its pod runs on (the node its token names, {@code
 * authentication.kubernetes.io/node-name}), or slices for all nodes or a node selector; a plugin
 * whose token names no node is refused. A stolen plugin token then cannot rewrite other nodes'
 * devices.
 */
public final class ResourceSlicePolicy {
  /** NVIDIA's name of the policy and of its binding. */
  public static final String NAME = "resourceslices-policy-nvidia-dra-driver";

  private ResourceSlicePolicy() {}

  public static List<HasMetadata> render(OperandContext context) {
    String user =
        "system:serviceaccount:" + context.namespace() + ":" + DraKubeletPluginDaemonSet.NAME;
    HasMetadata policy =
        new ValidatingAdmissionPolicyBuilder()
            .withNewMetadata()
            .withName(NAME)
            .endMetadata()
            .withNewSpec()
            .withFailurePolicy("Fail")
            .withNewMatchConstraints()
            .addNewResourceRule()
            .withApiGroups("resource.k8s.io")
            .withApiVersions("v1", "v1beta1", "v1beta2")
            .withOperations("CREATE", "UPDATE", "DELETE")
            .withResources("resourceslices")
            .endResourceRule()
            .endMatchConstraints()
            .addNewMatchCondition()
            .withName("isPluginAccount")
            .withExpression("request.userInfo.username == '" + user + "'")
            .endMatchCondition()
            .withVariables(variables())
            .withValidations(validations())
            .endSpec()
            .build();
    HasMetadata binding =
        new ValidatingAdmissionPolicyBindingBuilder()
            .withNewMetadata()
            .withName(NAME)
            .endMetadata()
            .withNewSpec()
            .withPolicyName(NAME)
            .withValidationActions("Deny")
            .endSpec()
            .build();
    return List.of(policy, binding);
  }

  /** The node the user's token names, the slice written, the node it is for, and whether many. */
  private static List<Variable> variables() {
    return List.of(
        // a user with no extras at all has no extra map: every step optional
        variable(
            "userNodeName",
            "request.userInfo.?extra[?'authentication.kubernetes.io/node-name'][?0].orValue('')"),
        variable("slice", "request.operation == 'DELETE' ? oldObject : object"),
        variable("objectNodeName", "variables.slice.spec.?nodeName.orValue('')"),
        variable(
            "manyNodes",
            "variables.slice.spec.?allNodes.orValue(false)"
                + " || has(variables.slice.spec.nodeSelector)"));
  }

  private static Variable variable(String name, String expression) {
    return new VariableBuilder().withName(name).withExpression(expression).build();
  }

  /** A plugin must name its node, and may write only that node's slices (or many nodes'). */
  private static List<Validation> validations() {
    return List.of(
        new ValidationBuilder()
            .withExpression("variables.userNodeName != ''")
            .withMessage(
                "no node association found for user, this user must run in a pod on a node and"
                    + " ServiceAccountTokenPodNodeInfo must be enabled")
            .build(),
        new ValidationBuilder()
            .withExpression(
                "variables.manyNodes || variables.userNodeName == variables.objectNodeName")
            .withMessageExpression(
                "'this user running on node ' + variables.userNodeName + ' may not modify'"
                    + " + (variables.objectNodeName == '' ? ' cluster resourceslices'"
                    + " : ' resourceslices on node ' + variables.objectNodeName)")
            .build());
  }
}
