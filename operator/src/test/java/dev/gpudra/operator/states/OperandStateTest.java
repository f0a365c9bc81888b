package dev.gpudra.operator.states;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class OperandStateTest {
  private static List<String> enabled(String yaml) throws IOException {
    ClusterPolicySpec spec =
        new ObjectMapper(new YAMLFactory()).readValue(yaml, ClusterPolicySpec.class);
    return Arrays.stream(OperandState.values())
        .filter(s -> s.enabledBy(spec))
        .map(OperandState::stateName)
        .toList();
  }

  @Test
  @DisplayName("an empty policy enables NVIDIA's nil defaults, in NVIDIA's order")
  void anEmptyPolicyEnablesNvidiasNilDefaultsInNvidiasOrder() throws IOException {
    assertThat(enabled("{}"))
        .containsExactly(
            "pre-requisites",
            "state-operator-metrics",
            "state-driver",
            "state-container-toolkit",
            "state-operator-validation",
            "state-device-plugin",
            "state-mps-control-daemon",
            "state-dcgm",
            "state-dcgm-exporter",
            "gpu-feature-discovery",
            "state-mig-manager");
  }

  @Test
  @DisplayName(
      "a pre-installed driver and toolkit with DRA leave out their states and add the DRA driver")
  void preInstalledDriverAndToolkitWithDraLeaveOutTheirStatesAndAddTheDraDriver()
      throws IOException {
    List<String> states =
        enabled(
            "driver: {enabled: false}\ntoolkit: {enabled: false}\ndcgm: {enabled: false}\n"
                + "devicePlugin: {enabled: true}\ndraDriver: {image: gpu-dra}\n");

    assertThat(states)
        .doesNotContain("state-driver", "state-container-toolkit", "state-dcgm")
        .containsSubsequence("state-device-plugin", "state-mps-control-daemon", "state-dra-driver");
  }

  @Test
  @DisplayName("sandbox states follow the mode, and the NRI plugin drops the RuntimeClasses")
  void sandboxStatesFollowTheModeAndTheNriPluginDropsTheRuntimeClasses() throws IOException {
    String kata =
        "sandboxWorkloads: {enabled: true, mode: kata}\nccManager: {enabled: true}\n"
            + "kataSandboxDevicePlugin: {enabled: true}\nsandboxDevicePlugin: {enabled: true}\n"
            + "kataManager: {enabled: true}\ncdi: {enabled: true, nriPluginEnabled: true}\n";

    assertThat(enabled(kata))
        .contains("state-sandbox-validation", "state-kata-device-plugin", "state-cc-manager")
        .doesNotContain("state-sandbox-device-plugin", "state-kata-manager", "pre-requisites");
  }
}
