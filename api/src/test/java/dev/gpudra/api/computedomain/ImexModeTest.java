package dev.gpudra.api.computedomain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.api.featuregates.FeatureGates;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("--imex-mode and --imex-isolation follow NVIDIA's rules")
class ImexModeTest {
  private static final FeatureGates GATE = FeatureGates.parse("HostManagedIMEXDaemon=true");

  @Test
  @DisplayName("unset is driverManaged/domain; hostManaged needs its gate")
  void modes() {
    assertThat(ImexMode.parse(null, null, FeatureGates.defaults()))
        .isEqualTo(ImexMode.DRIVER_MANAGED);
    assertThat(ImexMode.parse("hostManaged", "domain", GATE)).isEqualTo(ImexMode.HOST_MANAGED);
    assertThatThrownBy(() -> ImexMode.parse("hostManaged", "", FeatureGates.defaults()))
        .hasMessage(
            "--imex-mode (IMEX_MODE): imex.mode=\"hostManaged\" requires the"
                + " HostManagedIMEXDaemon feature gate to be enabled");
    assertThatThrownBy(() -> ImexMode.parse("HostManaged", "", GATE))
        .hasMessageContaining("unknown imex.mode \"HostManaged\"");
  }

  @Test
  @DisplayName("isolation channel is not implemented; binding conditions need driver daemons")
  void refusals() {
    assertThatThrownBy(() -> ImexMode.parse("driverManaged", "channel", GATE))
        .hasMessageContaining("imex.isolation=\"channel\" is not supported yet");
    assertThatThrownBy(() -> ImexMode.parse(null, "pod", GATE))
        .hasMessageContaining("unknown imex.isolation \"pod\": must be \"domain\" or \"channel\"");
    FeatureGates binding =
        FeatureGates.parse("HostManagedIMEXDaemon=true,ComputeDomainBindingConditions=true");
    assertThatThrownBy(() -> ImexMode.parse("hostManaged", null, binding))
        .hasMessageContaining("ComputeDomainBindingConditions");
  }
}
