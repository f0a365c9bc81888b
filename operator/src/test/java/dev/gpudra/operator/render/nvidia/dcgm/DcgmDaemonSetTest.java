package dev.gpudra.operator.render.nvidia.dcgm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.operator.render.MissingImageException;
import dev.gpudra.operator.render.OperandContext;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class DcgmDaemonSetTest {
  private static final String VALIDATOR =
      "validator: {repository: nvcr.io/nvidia/cloud-native, image: gpu-operator-validator,"
          + " version: v26.7.0, imagePullPolicy: Never, imagePullSecrets: [validator-secret],"
          + " toolkit: {env: [{name: TOOLKIT_X, value: '1'}]}}\n";
  private static final String DCGM =
      "dcgm: {repository: nvcr.io/nvidia/cloud-native, image: dcgm, version: 4.6.0-1-ubuntu24.04,"
          + " imagePullPolicy: Always, imagePullSecrets: [ngc], env: [{name: X, value: y}],"
          + " args: [-n], resources: {limits: {memory: 1Gi}}, hostPort: 5555}\n";

  private static ClusterPolicySpec spec(String yaml) throws IOException {
    return new ObjectMapper(new YAMLFactory()).readValue(yaml, ClusterPolicySpec.class);
  }

  private static List<HasMetadata> objects(String yaml) throws IOException {
    return DcgmDaemonSet.objects(new OperandContext("gpu-operator", spec(yaml), "x"));
  }

  @Test
  @DisplayName("the host engine listens on port 5555 on its deploy label with the DCGM image")
  void hostEngineOnPort5555OnItsDeployLabelWithTheDcgmImage() throws IOException {
    List<HasMetadata> objects = objects(DCGM + VALIDATOR);

    DaemonSet ds = (DaemonSet) objects.getLast();
    PodSpec pod = ds.getSpec().getTemplate().getSpec();
    Container main = pod.getContainers().getFirst();
    assertThat(ds.getMetadata().getName()).isEqualTo("nvidia-dcgm");
    assertThat(pod.getNodeSelector())
        .containsExactly(Map.entry("nvidia.com/gpu.deploy.dcgm", "true"));
    assertThat(pod.getServiceAccountName()).isEqualTo("nvidia-dcgm");
    assertThat(main.getName()).isEqualTo("nvidia-dcgm-ctr");
    assertThat(main.getImage()).isEqualTo("nvcr.io/nvidia/cloud-native/dcgm:4.6.0-1-ubuntu24.04");
    assertThat(main.getImagePullPolicy()).isEqualTo("Always");
    assertThat(main.getArgs()).containsExactly("-n");
    assertThat(main.getEnv()).extracting(EnvVar::getName).containsExactly("X");
    assertThat(main.getResources().getLimits()).containsKey("memory");
    assertThat(main.getPorts().getFirst().getContainerPort()).isEqualTo(5555);
    assertThat(main.getPorts().getFirst().getName()).isEqualTo("dcgm");
    assertThat(main.getLivenessProbe().getTcpSocket().getPort().getIntVal()).isEqualTo(5555);
    assertThat(main.getReadinessProbe().getInitialDelaySeconds()).isEqualTo(15);
    assertThat(main.getSecurityContext().getPrivileged()).isTrue();
    assertThat(pod.getRuntimeClassName()).isEqualTo("nvidia");
    assertThat(pod.getImagePullSecrets())
        .extracting(r -> r.getName())
        .containsExactly("ngc", "validator-secret");
    assertThat(pod.getHostNetwork()).isNull();
  }

  @Test
  @DisplayName(
      "DCGM waits for the toolkit, with the validator's image settings and the toolkit's env")
  void waitsForTheToolkitWithTheValidatorsImageSettingsAndToolkitEnv() throws IOException {
    PodSpec pod =
        ((DaemonSet) objects(DCGM + VALIDATOR).getLast()).getSpec().getTemplate().getSpec();

    Container wait = pod.getInitContainers().getFirst();
    assertThat(wait.getName()).isEqualTo("toolkit-validation");
    assertThat(wait.getImage())
        .isEqualTo("nvcr.io/nvidia/cloud-native/gpu-operator-validator:v26.7.0");
    assertThat(wait.getImagePullPolicy()).isEqualTo("Never");
    assertThat(wait.getArgs().getFirst()).contains("/run/nvidia/validations/toolkit-ready");
    assertThat(wait.getSecurityContext().getRunAsUser()).isZero();
    assertThat(wait.getEnv()).extracting(EnvVar::getName).containsExactly("TOOLKIT_X");
    assertThat(pod.getVolumes())
        .anySatisfy(
            v -> assertThat(v.getHostPath().getPath()).isEqualTo("/run/nvidia/validations"));
  }

  @Test
  @DisplayName("DCGM's Service keeps traffic on the node")
  void itsServiceKeepsTrafficOnTheNode() throws IOException {
    List<HasMetadata> objects = objects(DCGM + VALIDATOR);

    Service service =
        (Service) objects.stream().filter(Service.class::isInstance).findFirst().orElseThrow();
    assertThat(service.getMetadata().getName()).isEqualTo("nvidia-dcgm");
    assertThat(service.getSpec().getInternalTrafficPolicy()).isEqualTo("Local");
    assertThat(service.getSpec().getType()).isEqualTo("ClusterIP");
    assertThat(service.getSpec().getSelector()).containsExactly(Map.entry("app", "nvidia-dcgm"));
    assertThat(service.getSpec().getPorts().getFirst().getPort()).isEqualTo(5555);
    assertThat(objects)
        .filteredOn(o -> !(o instanceof DaemonSet) && !(o instanceof Service))
        .singleElement()
        .isInstanceOf(ServiceAccount.class);
  }

  @Test
  @DisplayName("the operator's image variables apply when the policy names none")
  void theOperatorsImageVariablesWhenThePolicyNamesNone() throws IOException {
    OperandContext context =
        new OperandContext(
            "gpu-operator",
            spec("dcgm: {enabled: true}\n"),
            "x",
            Map.of("DCGM_IMAGE", "registry.local/dcgm:1", "VALIDATOR_IMAGE", "registry.local/v:1"));

    PodSpec pod =
        ((DaemonSet) DcgmDaemonSet.objects(context).getLast()).getSpec().getTemplate().getSpec();

    assertThat(pod.getContainers().getFirst().getImage()).isEqualTo("registry.local/dcgm:1");
    assertThat(pod.getInitContainers().getFirst().getImage()).isEqualTo("registry.local/v:1");
    assertThat(pod.getInitContainers().getFirst().getImagePullPolicy()).isEqualTo("IfNotPresent");
  }

  @Test
  @DisplayName("no image anywhere is refused, naming the field and the variable")
  void noImageAnywhereIsRefusedNamingTheFieldAndTheVariable() {
    assertThatThrownBy(() -> objects(VALIDATOR))
        .isInstanceOf(MissingImageException.class)
        .hasMessage(
            "no image for spec.dcgm: set its repository, image and version, or"
                + " DCGM_IMAGE in the operator's environment");
    assertThatThrownBy(() -> objects(DCGM))
        .isInstanceOf(MissingImageException.class)
        .hasMessageContaining("spec.validator");
  }

  @Test
  @DisplayName("the NRI plugin annotates the host engine and drops the RuntimeClass")
  void theNriPluginAnnotatesTheHostEngineAndDropsTheRuntimeClass() throws IOException {
    DaemonSet ds =
        (DaemonSet)
            objects(DCGM + VALIDATOR + "cdi: {enabled: true, nriPluginEnabled: true}\n").getLast();

    assertThat(ds.getSpec().getTemplate().getSpec().getRuntimeClassName()).isNull();
    assertThat(ds.getSpec().getTemplate().getMetadata().getAnnotations())
        .containsEntry(
            "nvidia.cdi.k8s.io/container.nvidia-dcgm-ctr", "management.nvidia.com/gpu=all");
  }
}
