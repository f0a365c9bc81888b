package dev.gpudra.operator.render.nvidia.sandbox;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.operator.render.OperandContext;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.api.model.rbac.Role;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** Parsing and lookups shared by the sandbox states' tests. */
public final class SandboxTestSupport {
  public static final Map<String, String> IMAGES =
      Map.of(
          "VALIDATOR_IMAGE", "registry.local/validator:1",
          "SANDBOX_DEVICE_PLUGIN_IMAGE", "registry.local/kubevirt-gpu-device-plugin:v1.6.0",
          "KATA_SANDBOX_DEVICE_PLUGIN_IMAGE", "registry.local/nvidia-sandbox-device-plugin:v0.0.5",
          "CC_MANAGER_IMAGE", "registry.local/k8s-cc-manager:v0.4.3");

  private SandboxTestSupport() {}

  public static OperandContext context(String yaml) throws IOException {
    ClusterPolicySpec spec =
        new ObjectMapper(new YAMLFactory()).readValue(yaml, ClusterPolicySpec.class);
    return new OperandContext("gpu-operator", spec, "x", IMAGES);
  }

  public static PodSpec pod(List<HasMetadata> objects) {
    return ((DaemonSet) objects.getLast()).getSpec().getTemplate().getSpec();
  }

  public static Container init(PodSpec pod, String name) {
    return pod.getInitContainers().stream()
        .filter(c -> c.getName().equals(name))
        .findFirst()
        .orElseThrow();
  }

  public static String env(Container c, String name) {
    return c.getEnv().stream()
        .filter(e -> e.getName().equals(name))
        .map(EnvVar::getValue)
        .findFirst()
        .orElse(null);
  }

  /** Every rule of the state's Roles and ClusterRoles. */
  public static List<PolicyRule> rules(List<HasMetadata> objects) {
    return objects.stream()
        .flatMap(o ->
            o instanceof Role r
                ? r.getRules().stream()
                : o instanceof ClusterRole c ? c.getRules().stream() : Stream.empty())
        .toList();
  }
}
