package dev.gpudra.deviceclasses.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class DeviceClassFactoryTest {
  private final DeviceClassFactory factory = new DeviceClassFactory();

  record Case(String name, DeviceClassOptions options, List<String> classes, String gpuErn) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case(
            "both drivers with the extended resource",
            DeviceClassOptions.allDrivers(),
            List.of(
                "gpu.nvidia.com",
                "mig.nvidia.com",
                "vfio.gpu.nvidia.com",
                "compute-domain-daemon.nvidia.com",
                "compute-domain-default-channel.nvidia.com"),
            "nvidia.com/gpu"),
        new Case(
            "gpus only, no extended resource",
            new DeviceClassOptions(Set.of(DriverKind.GPU), ExtendedResourceMapping.NONE),
            List.of("gpu.nvidia.com", "mig.nvidia.com", "vfio.gpu.nvidia.com"),
            null),
        new Case(
            "compute domains only",
            new DeviceClassOptions(
                Set.of(DriverKind.COMPUTE_DOMAIN), ExtendedResourceMapping.NVIDIA_GPU),
            List.of(
                "compute-domain-daemon.nvidia.com", "compute-domain-default-channel.nvidia.com"),
            null),
        new Case(
            "no drivers",
            new DeviceClassOptions(Set.of(), ExtendedResourceMapping.NVIDIA_GPU),
            List.of(),
            null));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  @DisplayName("options choose the drivers and whether gpu.nvidia.com maps nvidia.com/gpu")
  void optionsChooseClasses(Case c) {
    List<DeviceClass> classes = factory.deviceClasses(c.options());

    assertThat(classes).extracting(d -> d.getMetadata().getName()).isEqualTo(c.classes());
    assertThat(classes)
        .filteredOn(d -> d.getMetadata().getName().equals("gpu.nvidia.com"))
        .extracting(d -> d.getSpec().getExtendedResourceName())
        .allMatch(ern -> java.util.Objects.equals(ern, c.gpuErn()));
    assertThat(classes)
        .filteredOn(d -> !d.getMetadata().getName().equals("gpu.nvidia.com"))
        .allMatch(d -> d.getSpec().getExtendedResourceName() == null);
  }

  @Test
  @DisplayName("every class has exactly the one CEL selector of the reference chart")
  void selectorsAreTheReferenceOnes() {
    List<DeviceClass> classes =
        factory.deviceClasses(
            new DeviceClassOptions(
                EnumSet.allOf(DriverKind.class), ExtendedResourceMapping.NVIDIA_GPU));

    assertThat(classes)
        .allSatisfy(d -> assertThat(d.getSpec().getSelectors()).hasSize(1))
        .extracting(d -> d.getSpec().getSelectors().get(0).getCel().getExpression())
        .containsExactly(
            "device.driver == 'gpu.nvidia.com' && device.attributes['gpu.nvidia.com'].type =="
                + " 'gpu'",
            "device.driver == 'gpu.nvidia.com' && device.attributes['gpu.nvidia.com'].type =="
                + " 'mig'",
            "device.driver == 'gpu.nvidia.com' && device.attributes['gpu.nvidia.com'].type =="
                + " 'vfio'",
            "device.driver == 'compute-domain.nvidia.com' &&"
                + " device.attributes['compute-domain.nvidia.com'].type == 'daemon'",
            "device.driver == 'compute-domain.nvidia.com' &&"
                + " device.attributes['compute-domain.nvidia.com'].type == 'channel' &&"
                + " device.attributes['compute-domain.nvidia.com'].id == 0");
  }

  @Test
  @DisplayName("the rendered multi-document YAML matches the committed golden file")
  void yamlMatchesGolden() throws IOException {
    String rendered =
        new DeviceClassManifests().toYaml(factory.deviceClasses(DeviceClassOptions.allDrivers()));

    assertThat(rendered).isEqualTo(golden("deviceclasses/all-drivers.yaml"));
  }

  private static String golden(String resource) throws IOException {
    try (InputStream in = DeviceClassFactoryTest.class.getResourceAsStream("/" + resource)) {
      assertThat(in).as("golden file %s", resource).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
