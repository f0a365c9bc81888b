package dev.gpudra.localcluster.kubelet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.kit.registration.DraService;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ServiceChoiceTest {

  record Case(String name, List<String> plugin, Set<DraService> kubelet, DraService chosen) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    Set<DraService> both = EnumSet.allOf(DraService.class);
    List<String> helperOrder = List.of("v1.DRAPlugin", "v1beta1.DRAPlugin");
    return Stream.of(
        new Case("both sides speak both: v1", helperOrder, both, DraService.V1),
        new Case(
            "kubelet 1.33 speaks only v1beta1",
            helperOrder,
            EnumSet.of(DraService.V1BETA1),
            DraService.V1BETA1),
        new Case(
            "the plugin's order wins, not the kubelet's",
            List.of("v1beta1.DRAPlugin", "v1.DRAPlugin"),
            both,
            DraService.V1BETA1),
        new Case(
            "unknown entries are skipped",
            List.of("v1alpha1.DRAResourceHealth", "v1.DRAPlugin"),
            both,
            DraService.V1));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  @DisplayName("walks the plugin's list and takes the first service the kubelet supports")
  void chooses(Case c) {
    assertThat(ServiceChoice.choose(c.plugin(), c.kubelet())).isEqualTo(c.chosen());
  }

  @Test
  @DisplayName("an empty list is rejected as the kubelet rejects it")
  void emptyRejected() {
    assertThatThrownBy(() -> ServiceChoice.choose(List.of(), EnumSet.allOf(DraService.class)))
        .isInstanceOf(RegistrationRejectedException.class)
        .hasMessageContaining("empty list of supported gRPC services");
  }

  @Test
  @DisplayName("no common service is rejected")
  void noneSupported() {
    assertThatThrownBy(
            () -> ServiceChoice.choose(List.of("v1.DRAPlugin"), EnumSet.of(DraService.V1BETA1)))
        .isInstanceOf(RegistrationRejectedException.class)
        .hasMessageContaining("none of services supported by the plugin");
  }
}
