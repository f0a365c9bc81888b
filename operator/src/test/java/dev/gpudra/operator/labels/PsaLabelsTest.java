package dev.gpudra.operator.labels;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class PsaLabelsTest {
  private static ClusterPolicySpec spec(String yaml) throws IOException {
    return new ObjectMapper(new YAMLFactory()).readValue(yaml, ClusterPolicySpec.class);
  }

  @Test
  @DisplayName("with PSA on, every mode wants privileged, and only what differs is patched")
  void psaEnabledWantsPrivilegedInEveryModeAndOnlyWhatDiffers() throws IOException {
    ClusterPolicySpec on = spec("psa: {enabled: true}\n");

    assertThat(PsaLabels.missing(on, Map.of()))
        .containsExactly(
            Map.entry("pod-security.kubernetes.io/enforce", "privileged"),
            Map.entry("pod-security.kubernetes.io/audit", "privileged"),
            Map.entry("pod-security.kubernetes.io/warn", "privileged"));
    assertThat(
            PsaLabels.missing(
                on,
                Map.of(
                    "pod-security.kubernetes.io/enforce", "privileged",
                    "pod-security.kubernetes.io/audit", "restricted")))
        .containsOnlyKeys("pod-security.kubernetes.io/audit", "pod-security.kubernetes.io/warn");
  }

  @Test
  @DisplayName("without PSA the admin's namespace labels are left alone")
  void withoutPsaTheAdminsLabelsAreLeftAlone() throws IOException {
    assertThat(PsaLabels.missing(spec("{}"), Map.of())).isEmpty();
    assertThat(PsaLabels.missing(spec("psa: {enabled: false}\n"), Map.of())).isEmpty();
  }

  @Test
  @DisplayName("the DRA driver wants admin-access claims allowed for its validator")
  void theDraDriverWantsAdminAccessClaimsAllowedForItsValidator() throws IOException {
    ClusterPolicySpec dra = spec("draDriver: {}\n");

    assertThat(PsaLabels.missing(dra, Map.of()))
        .containsExactly(Map.entry("resource.kubernetes.io/admin-access", "true"));
    assertThat(PsaLabels.missing(dra, Map.of("resource.kubernetes.io/admin-access", "true")))
        .isEmpty();
  }
}
