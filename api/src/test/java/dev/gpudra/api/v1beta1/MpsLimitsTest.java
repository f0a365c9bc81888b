package dev.gpudra.api.v1beta1;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.Quantity;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class MpsLimitsTest {
  private static final List<String> UUIDS = List.of("GPU-a", "GPU-b", "GPU-c");

  @Test
  @DisplayName("the default pinned limit applies to every device, in whole MiB")
  void theDefaultAppliesToEveryDeviceInWholeMiB() {
    MpsConfig config = new MpsConfig(null, new Quantity("1536Ki"), Map.of());

    assertThat(config.pinnedLimitsMiB(UUIDS, "mpsConfig"))
        .containsExactly(Map.entry("GPU-a", 1L), Map.entry("GPU-b", 1L), Map.entry("GPU-c", 1L));
  }

  @Test
  @DisplayName("per-device limits override the default, by UUID or by index")
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
  @DisplayName("an MpsConfig without settings sets no limits")
  void noLimitsWithoutSettings() {
    assertThat(MpsConfig.empty().pinnedLimitsMiB(UUIDS, "mpsConfig")).isEmpty();
  }

  @Test
  @DisplayName("a key that is no device of the group is an invalid device, named by its field")
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
  @DisplayName("a limit below 1 MiB is refused, named by its field")
  void aLimitBelowOneMiBIsRefusedWithItsField() {
    MpsConfig config = new MpsConfig(null, null, Map.of("0", new Quantity("1023Ki")));

    assertThatThrownBy(() -> config.pinnedLimitsMiB(UUIDS, "mpsConfig"))
        .hasMessageContaining("mpsConfig.defaultPerDevicePinnedMemoryLimit[0]")
        .hasMessageContaining("invalid limit");
  }

  /** A limit an MpsConfig cannot hold, and what the error says. */
  record Unparsable(String name, String defaultLimit, String perDevice, String error) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Unparsable> unparsable() {
    return Stream.of(
        new Unparsable(
            "default that is not a quantity",
            "lots",
            null,
            "defaultPinnedDeviceMemoryLimit: invalid limit \"lots\": want a quantity such as"
                + " 512Mi"),
        new Unparsable(
            "default with an exponent of nine digits",
            "1e999999999",
            null,
            "defaultPinnedDeviceMemoryLimit: invalid limit \"1e999999999\""),
        new Unparsable("default with two suffixes", "1GiMi", null, "invalid limit \"1GiMi\""),
        new Unparsable(
            "default of 400 digits", "1" + "0".repeat(400) + "Ei", null, "at most 64 characters"),
        new Unparsable(
            "per-device limit that is not a quantity",
            null,
            "lots",
            "defaultPerDevicePinnedMemoryLimit[0]: invalid limit \"lots\""),
        new Unparsable(
            "per-device limit with an exponent of nine digits",
            null,
            "1e999999999",
            "defaultPerDevicePinnedMemoryLimit[0]: invalid limit \"1e999999999\""));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("unparsable")
  @DisplayName(
      "an MpsConfig never holds a limit that is no quantity: refused when built, naming the"
          + " field, before equals or hashCode could parse it")
  void refusesUnparsableLimits(Unparsable c) {
    assertThatThrownBy(() ->
            new MpsConfig(
                null,
                c.defaultLimit() == null ? null : new Quantity(c.defaultLimit()),
                c.perDevice() == null ? Map.of() : Map.of("0", new Quantity(c.perDevice()))))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessageContaining(c.error());
  }
}
