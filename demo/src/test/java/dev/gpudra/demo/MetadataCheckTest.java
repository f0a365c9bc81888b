package dev.gpudra.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttributeBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResultBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class MetadataCheckTest {
  private static final String UUID = "GPU-4404041a-04cf-1ccf-9e70-f139a9b1e23c";
  private static final String PCI = "0000:47:00.0";

  private static final Expectation.Pod WANT =
      Expectation.parse(
              """
              pods:
              - name: inventory
                phase: Running
                metadata: [uuid, resource.kubernetes.io/pciBusID]
              """)
          .pods()
          .getFirst();

  private static final List<ResourceSlice> SLICES =
      List.of(
          new ResourceSliceBuilder()
              .withNewSpec()
              .withDriver("gpu.nvidia.com")
              .withNewPool()
              .withName("gpu-node-2")
              .withGeneration(1L)
              .withResourceSliceCount(1L)
              .endPool()
              .withDevices(
                  new DeviceBuilder()
                      .withName("gpu-2")
                      .withAttributes(
                          Map.of(
                              "uuid",
                              new DeviceAttributeBuilder().withString(UUID).build(),
                              "resource.kubernetes.io/pciBusID",
                              new DeviceAttributeBuilder().withString(PCI).build(),
                              "index",
                              new DeviceAttributeBuilder().withInt(2L).build()))
                      .build())
              .endSpec()
              .build());

  private static final DeviceRequestAllocationResult GPU_2 =
      new DeviceRequestAllocationResultBuilder()
          .withDriver("gpu.nvidia.com")
          .withPool("gpu-node-2")
          .withDevice("gpu-2")
          .withRequest("gpu")
          .build();

  /** One line of a metadata file, as the plugin writes it. */
  private static String line(String version, String uuid) {
    return """
    {"kind":"DeviceMetadata","apiVersion":"metadata.resource.k8s.io/%s",\
    "metadata":{"name":"inventory-gpus-x","namespace":"default","uid":"u","generation":1},\
    "podClaimName":"gpus","requests":[{"name":"gpu","devices":[{"driver":"gpu.nvidia.com",\
    "pool":"gpu-node-2","name":"gpu-2","attributes":{"index":{"int":2},\
    "resource.kubernetes.io/pciBusID":{"string":"%s"},"uuid":{"string":"%s"}}}]}]}\
    """
        .formatted(version, PCI, uuid);
  }

  /** Both versions of a file, indented as Kubernetes' encoder writes them, line by line. */
  private static List<String> file(String uuid) throws JsonProcessingException {
    ObjectMapper json = new ObjectMapper();
    List<String> lines = new ArrayList<>();
    for (String version : List.of("v1beta1", "v1alpha1")) {
      String indented =
          json.writerWithDefaultPrettyPrinter()
              .writeValueAsString(json.readTree(line(version, uuid)));
      lines.addAll(indented.lines().toList());
    }
    return lines;
  }

  private static List<String> check(Map<String, List<String>> files) {
    List<String> problems = new ArrayList<>();
    ExpectationCheck.metadata(WANT, List.of(GPU_2), SLICES, files, problems);
    return problems;
  }

  @Test
  @DisplayName("both versions' lines name the device with its slice's attributes, as text")
  void parses() {
    MetadataSeen seen =
        MetadataSeen.parse(List.of(line("v1beta1", UUID), "", line("v1alpha1", UUID)));

    assertThat(seen.devices())
        .containsOnlyKeys("gpu.nvidia.com/gpu-node-2/gpu-2")
        .extractingByKey("gpu.nvidia.com/gpu-node-2/gpu-2")
        .isEqualTo(Map.of("index", "2", "resource.kubernetes.io/pciBusID", PCI, "uuid", UUID));
    assertThat(MetadataSeen.describe(List.of(line("v1beta1", UUID))))
        .isEqualTo("metadata: gpu-2 uuid " + UUID);
    assertThat(MetadataSeen.describe(List.of())).isEmpty();
  }

  @Test
  @DisplayName("a line that is no DeviceMetadata object is refused, naming it")
  void refusesOtherLines() {
    assertThatThrownBy(() -> MetadataSeen.parse(List.of("cat: no such file")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not a DeviceMetadata object")
        .hasMessageContaining("cat: no such file");
    assertThatThrownBy(() -> MetadataSeen.parse(List.of("{\"kind\":\"Pod\"}")))
        .hasMessage("not a DeviceMetadata object: {\"kind\":\"Pod\"}");
  }

  @Test
  @DisplayName("a container that reads its GPU's uuid and PCI address as published passes")
  void passes() throws JsonProcessingException {
    assertThat(check(Map.of("ctr", file(UUID)))).isEmpty();
    assertThat(check(Map.of("ctr", List.of(line("v1beta1", UUID), "", line("v1alpha1", UUID)))))
        .isEmpty();
  }

  @Test
  @DisplayName("no file, another uuid, or an unreadable line is a problem naming the container")
  void problems() throws JsonProcessingException {
    assertThat(check(Map.of("ctr", List.of())))
        .containsExactly(
            "inventory: container ctr reads no device metadata of gpu.nvidia.com/gpu-node-2/gpu-2");
    assertThat(check(Map.of("ctr", file("GPU-other"))))
        .containsExactly(
            "inventory: container ctr reads uuid GPU-other of gpu-2, its ResourceSlice says "
                + UUID);
    assertThat(check(Map.of("ctr", List.of("garbage"))))
        .singleElement()
        .asString()
        .startsWith("inventory: container ctr reads not a DeviceMetadata object");
    assertThat(check(Map.of())).containsExactly("inventory: no container to read device metadata");
  }

  @Test
  @DisplayName("without metadata in the expectation nothing is checked")
  void unchecked() {
    List<String> problems = new ArrayList<>();
    Expectation.Pod plain =
        Expectation.parse("pods:\n- name: p\n  phase: Running\n").pods().getFirst();

    ExpectationCheck.metadata(plain, List.of(GPU_2), SLICES, Map.of("ctr", List.of()), problems);

    assertThat(problems).isEmpty();
  }
}
