package dev.gpudra.operator.render;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.operator.render.dispatch.StateObjects;
import dev.gpudra.operator.states.OperandState;
import io.fabric8.kubernetes.api.model.HasMetadata;
import java.io.IOException;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class StateObjectsTest {
  private static OperandContext context(String yaml) throws IOException {
    return new OperandContext(
        "gpu-operator",
        new ObjectMapper(new YAMLFactory()).readValue(yaml, ClusterPolicySpec.class),
        "gpu-dra:1");
  }

  @Test
  @DisplayName("our states apply their RBAC before their DaemonSet")
  void ourStatesApplyTheirRbacBeforeTheirDaemonSet() throws IOException {
    StateObjects plugin = StateObjects.of(OperandState.DEVICE_PLUGIN, context("{}"));
    StateObjects dra =
        StateObjects.of(
            OperandState.DRA_DRIVER, context("draDriver:\n  computeDomains: {enabled: false}\n"));

    assertThat(plugin.notBuilt()).isEmpty();
    assertThat(plugin.objects()).last().extracting(HasMetadata::getKind).isEqualTo("DaemonSet");
    assertThat(plugin.daemonSets()).hasSize(1);
    assertThat(dra.objects())
        .extracting(HasMetadata::getKind)
        .startsWith("DeviceClass")
        .endsWith("DaemonSet");
    assertThat(dra.objects())
        .extracting(o -> o.getMetadata().getName())
        .contains("gpu.nvidia.com", "mig.nvidia.com", "nvidia-dra-driver-kubelet-plugin");
  }

  @Test
  @DisplayName("the widest render names what a state could have applied, even without its image")
  void theWidestRenderNamesWhatAStateCouldHaveAppliedEvenWithoutItsImage() throws IOException {
    OperandContext noImages = context("dcgmExporter: {enabled: false}\n");

    assertThat(StateObjects.of(OperandState.DCGM_EXPORTER, noImages).objects()).isEmpty();
    assertThat(StateObjects.of(OperandState.DCGM_EXPORTER, noImages.widest()).objects())
        .as("deleted when disabled: the DaemonSet and the pod-reading role of pod labels")
        .extracting(o -> o.getKind() + "/" + o.getMetadata().getName())
        .contains("DaemonSet/nvidia-dcgm-exporter", "ClusterRole/nvidia-dcgm-exporter-read-pods");
    assertThat(StateObjects.of(OperandState.OPERATOR_VALIDATION, noImages.widest()).daemonSets())
        .extracting(d -> d.getMetadata().getName())
        .containsExactly("nvidia-operator-validator");
  }

  @Test
  @DisplayName("what is not built yet says so instead of being skipped")
  void whatIsNotBuiltYetSaysSoInsteadOfBeingSkipped() throws IOException {
    assertThat(StateObjects.of(OperandState.KATA_MANAGER, context("{}")).notBuilt())
        .as("NVIDIA's deprecated state, never enabled")
        .hasValueSatisfying(
            m -> assertThat(m).startsWith("state-kata-manager runs NVIDIA's own image"));
  }

  @Test
  @DisplayName("compute domains on adds their classes, RBAC and controller before the DaemonSet")
  void computeDomainsOnAddTheirClassesRbacAndControllerBeforeTheDaemonSet() throws IOException {
    StateObjects dra = StateObjects.of(OperandState.DRA_DRIVER, context("draDriver: {}\n"));

    assertThat(dra.notBuilt()).isEmpty();
    assertThat(dra.objects())
        .extracting(o -> o.getMetadata().getName())
        .contains(
            "compute-domain-daemon.nvidia.com",
            "compute-domain-default-channel.nvidia.com",
            "compute-domain-daemon-service-account",
            "compute-domain-daemon-role",
            "nvidia-dra-driver-controller");
    assertThat(dra.deployments())
        .singleElement()
        .satisfies(
            d -> assertThat(d.getMetadata().getName()).isEqualTo("nvidia-dra-driver-controller"));
    assertThat(dra.objects()).last().extracting(HasMetadata::getKind).isEqualTo("DaemonSet");
  }

  @Test
  @DisplayName("the widest render holds everything the state could have")
  void theWidestRenderHoldsEverythingTheStateCouldHave() throws IOException {
    OperandContext narrow = context("draDriver:\n  computeDomains: {enabled: false}\n");

    assertThat(StateObjects.of(OperandState.DRA_DRIVER, narrow.widest()).objects())
        .extracting(o -> o.getMetadata().getName())
        .contains(
            "nvidia-dra-driver-controller",
            "nvidia-dra-driver-kubelet-plugin-cliques",
            "nvidia-dra-driver-kubelet-plugin-mps");
    assertThat(StateObjects.of(OperandState.DRA_DRIVER, context("{}").widest()).objects())
        .as("without draDriver: every object it could have had")
        .extracting(o -> o.getMetadata().getName())
        .contains("nvidia-dra-driver-controller", "nvidia-dra-driver-kubelet-plugin");
  }

  @Test
  @DisplayName("a state not built says so, and one without an image is refused naming the field")
  void aStateNotBuiltSaysSoAndOneNoImageNamesIsRefusedNamingTheField() throws IOException {
    assertThat(StateObjects.of(OperandState.DCGM_EXPORTER, context("{}")).notBuilt())
        .hasValue(
            "no image for spec.dcgmExporter: set its repository, image and version, or"
                + " DCGM_EXPORTER_IMAGE in the operator's environment");
    assertThat(StateObjects.of(OperandState.OPERATOR_VALIDATION, context("{}")).notBuilt())
        .hasValue(
            "no image for spec.validator: set its repository, image and version, or"
                + " VALIDATOR_IMAGE in the operator's environment");
  }

  @Test
  @DisplayName("the operator's metrics Service is NVIDIA's")
  void theOperatorsMetricsServiceIsNvidias() throws IOException {
    StateObjects metrics = StateObjects.of(OperandState.OPERATOR_METRICS, context("{}"));

    assertThat(metrics.objects())
        .as("the Service, then (prometheus-operator's CRD being installed) its ServiceMonitor")
        .extracting(o -> o.getKind() + "/" + o.getMetadata().getName())
        .containsExactly("Service/gpu-operator", "ServiceMonitor/gpu-operator");
    assertThat(metrics.objects().getFirst())
        .satisfies(o -> {
          assertThat(o.getKind()).isEqualTo("Service");
          assertThat(o.getMetadata().getName()).isEqualTo("gpu-operator");
          var service = (io.fabric8.kubernetes.api.model.Service) o;
          assertThat(service.getSpec().getSelector()).containsEntry("app", "gpu-operator");
          assertThat(service.getSpec().getPorts().getFirst().getName())
              .isEqualTo("gpu-operator-metrics");
        });
  }

  @Test
  @DisplayName("the RuntimeClasses are NVIDIA's")
  void theRuntimeClassesAreNvidias() throws IOException {
    assertThat(
            StateObjects.of(
                    OperandState.PRE_REQUISITES, context("operator: {runtimeClass: nvidia}\n"))
                .objects())
        .extracting(o -> o.getMetadata().getName())
        .containsExactly("nvidia", "nvidia-legacy", "nvidia-cdi");
  }
}
