package dev.gpudra.kit.slices.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.resource.v1.Device;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class SliceLayoutTest {

  record Case(String name, List<Device> devices, List<Integer> sizes) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    List<Device> withTaint = new ArrayList<>(Devices.gpus(99));
    withTaint.add(Devices.tainted("gpu-tainted"));
    return Stream.of(
        new Case("no devices: one empty slice", List.of(), List.of(0)),
        new Case("one device", Devices.gpus(1), List.of(1)),
        new Case("exactly 128", Devices.gpus(128), List.of(128)),
        new Case("129 spills over", Devices.gpus(129), List.of(128, 1)),
        new Case("300 devices", Devices.gpus(300), List.of(128, 128, 44)),
        new Case("a taint anywhere limits every slice to 64", withTaint, List.of(64, 36)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  @DisplayName("splits devices into consecutive slices within the API's size limits")
  void splits(Case c) {
    List<List<Device>> chunks = SliceLayout.split(c.devices());

    assertThat(chunks).extracting(List::size).containsExactlyElementsOf(c.sizes());
    assertThat(chunks.stream().flatMap(List::stream).toList())
        .containsExactlyElementsOf(c.devices());
  }
}
