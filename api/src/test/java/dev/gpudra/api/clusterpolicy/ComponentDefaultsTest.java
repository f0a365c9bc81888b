package dev.gpudra.api.clusterpolicy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ComponentDefaultsTest {
  @Test
  @DisplayName("an absent enabled means what NVIDIA's operator reads it as, per component")
  void anAbsentEnabledMeansWhatNvidiasOperatorReadsIt() {
    ClusterPolicySpec spec = Samples.policy("openshift-csv").getSpec();

    // in NVIDIA's CSV sample only some components say enabled; the rest fall to nil defaults
    assertThat(
            new DcgmSpec(null, null, null, null, null, null, null, null, null, null, null)
                .enabledOrDefault())
        .as("dcgm: nil is enabled (Helm sets false)")
        .isTrue();
    assertThat(new CdiConfigSpec(null, null, null).enabledOrDefault()).isTrue();
    assertThat(
            new NodeStatusExporterSpec(null, null, null, null, null, null, null, null, null, null)
                .enabledOrDefault())
        .isFalse();
    assertThat(spec.sandboxWorkloads().enabledOrDefault()).isFalse();
  }

  @Test
  @DisplayName(
      "an image resolves to a tag, a digest or a full reference as NVIDIA's operator resolves it")
  void anImageResolvesAsNvidiasOperatorResolvesIt() {
    assertThat(new Image("nvcr.io/nvidia", "driver", "550.90.07", null, null).reference())
        .contains("nvcr.io/nvidia/driver:550.90.07");
    assertThat(new Image("nvcr.io/nvidia", "driver", "sha256:abc", null, null).reference())
        .contains("nvcr.io/nvidia/driver@sha256:abc");
    assertThat(new Image(null, "registry.local/driver:1", null, null, null).reference())
        .contains("registry.local/driver:1");
    assertThat(new Image(null, null, null, null, List.of()).reference()).isEmpty();
  }

  @Test
  @DisplayName("a component's repository, image and version keys give one image reference")
  void aComponentGivesItsImageKeysAsOneImage() {
    ClusterPolicySpec spec = Samples.policy("default").getSpec();

    assertThat(spec.devicePlugin().containerImage().reference())
        .contains("nvcr.io/nvidia/k8s-device-plugin:v0.19.3");
    assertThat(spec.driver().manager().containerImage().reference())
        .contains("nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.11.0");
  }
}
