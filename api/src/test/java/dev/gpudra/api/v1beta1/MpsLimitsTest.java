package dev.gpudra.api.v1beta1;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.Quantity;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MpsLimitsTest {
  private static final List<String> UUIDS = List.of("GPU-a", "GPU-b", "GPU-c");

  @Test
  void theDefaultAppliesToEveryDeviceInWholeMiB() {
    MpsConfig config = new MpsConfig(null, new Quantity("1536Ki"), Map.of());

    assertThat(config.pinnedLimitsMiB(UUIDS, "mpsConfig"))
        .containsExactly(Map.entry("GPU-a", 1L), Map.entry("GPU-b", 1L), Map.entry("GPU-c", 1L));
  }

  @Test
  void perDeviceLimitsOverrideTheDefaultByUuidOrIndex() {
    MpsConfig config =
        new MpsConfig(
            50,
            new Quantity("10Gi"),
            Map.of("GPU-b", new Quantity("2G"), "2", new Quantity("512Mi")));

    assertThat(config.pinnedLimitsMiB(UUIDS, "mpsConfig"))
        .containsExactly(
            Map.entry("GPU-a", 10240L), Map.entry("GPU-b", 1907L), Map.entry("GPU-c", 512L));
  }

  @Test
  void noLimitsWithoutSettings() {
    assertThat(MpsConfig.empty().pinnedLimitsMiB(UUIDS, "mpsConfig")).isEmpty();
  }

  @Test
  void aKeyThatIsNoDeviceOfTheGroupIsAnInvalidDevice() {
    MpsConfig byIndex = new MpsConfig(null, null, Map.of("3", new Quantity("1Gi")));
    MpsConfig byUuid = new MpsConfig(null, null, Map.of("GPU-z", new Quantity("1Gi")));

    assertThatThrownBy(() -> byIndex.pinnedLimitsMiB(UUIDS, "sharing.mpsConfig"))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessageContaining("sharing.mpsConfig.defaultPerDevicePinnedMemoryLimit[3]")
        .hasMessageContaining("invalid device")
        .hasMessageContaining("below 3");
    assertThatThrownBy(() -> byUuid.pinnedLimitsMiB(UUIDS, "sharing.mpsConfig"))
        .hasMessageContaining("[GPU-z]")
        .hasMessageContaining("invalid device");
  }

  @Test
  void aLimitBelowOneMiBIsRefusedWithItsField() {
    MpsConfig config = new MpsConfig(null, null, Map.of("0", new Quantity("1023Ki")));

    assertThatThrownBy(() -> config.pinnedLimitsMiB(UUIDS, "mpsConfig"))
        .hasMessageContaining("mpsConfig.defaultPerDevicePinnedMemoryLimit[0]")
        .hasMessageContaining("invalid limit");
  }
}
