package dev.gpudra.localcluster.validation;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttribute;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttributeBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ResourceSliceValidatorTest {
  private final ResourceSliceValidator validator = new ResourceSliceValidator();

  /** A change to the GPU slice and the beginnings of the messages the API server would give. */
  record Case(String name, UnaryOperator<ResourceSliceBuilder> change, List<String> expected) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(devices(), poolsAndNodes(), attributesAndTaints()).flatMap(s -> s);
  }

  /** Device counts, names and the driver name. */
  private static Stream<Case> devices() {
    return Stream.of(
        new Case("GPU plugin slice is valid", b -> b, List.of()),
        new Case(
            "upper-case device name",
            b -> device(b, 3, d -> d.withName("GPU_0")),
            List.of(
                "spec.devices[3].name: Invalid value: \"GPU_0\": a lowercase RFC 1123 label must"
                    + " consist of")),
        new Case(
            "duplicate device name",
            b -> device(b, 1, d -> d.withName("gpu-0")),
            List.of("spec.devices[1].name: Duplicate value: \"gpu-0\"")),
        new Case(
            "129 devices",
            b ->
                b.editSpec()
                    .withDevices(IntStream.range(0, 129).mapToObj(Slices::gpu).toList())
                    .endSpec(),
            List.of("spec.devices: Too many: 129: must have at most 128 items")),
        new Case(
            "65 devices when one has a taint",
            b ->
                b.editSpec()
                    .withDevices(
                        IntStream.range(0, 65)
                            .mapToObj(i ->
                                new DeviceBuilder(Slices.gpu(i))
                                    .addNewTaint()
                                    .withKey("k")
                                    .withEffect("NoSchedule")
                                    .endTaint()
                                    .build())
                            .toList())
                    .endSpec(),
            List.of("spec.devices: Too many: 65: must have at most 64 items")),
        new Case(
            "33 attributes",
            b -> device(b, 0, d -> d.withAttributes(attributes(32))),
            List.of(
                "spec.devices[0]: Invalid value: 33: the total number of attributes and capacities"
                    + " must not exceed 32")),
        new Case(
            "driver name upper-case is tolerated, bad characters are not",
            b -> b.editSpec().withDriver("gpu_nvidia.com").endSpec(),
            List.of(
                "spec.driver: Invalid value: \"gpu_nvidia.com\": a lowercase RFC 1123 subdomain")),
        new Case(
            "driver name over 63",
            b -> b.editSpec().withDriver("a".repeat(60) + ".com").endSpec(),
            List.of("spec.driver: Too long: may not be more than 63 bytes")));
  }

  /** The pool and the slice's node selection. */
  private static Stream<Case> poolsAndNodes() {
    return Stream.of(
        new Case(
            "pool generation and count",
            b ->
                b.editSpec()
                    .editPool()
                    .withGeneration(-1L)
                    .withResourceSliceCount(0L)
                    .endPool()
                    .endSpec(),
            List.of(
                "spec.pool.generation: Invalid value: -1: must be greater than or equal to zero",
                "spec.pool.resourceSliceCount: Invalid value: 0: must be greater than zero")),
        new Case(
            "pool name with an empty segment",
            b -> b.editSpec().editPool().withName("a//b").endPool().endSpec(),
            List.of("spec.pool.name: Invalid value: \"a//b\": a lowercase RFC 1123 subdomain")),
        new Case(
            "no node selection",
            b -> b.editSpec().withNodeName(null).endSpec(),
            List.of(
                "spec: Required value: exactly one of `nodeName`, `nodeSelector`, `allNodes`,"
                    + " `perDeviceNodeSelection` is required")),
        new Case(
            "nodeName and allNodes",
            b -> b.editSpec().withAllNodes(true).endSpec(),
            List.of("spec: Invalid value: []string{\"nodeName\", \"allNodes\"}: exactly one of")),
        new Case(
            "allNodes false",
            b -> b.editSpec().withNodeName(null).withAllNodes(false).endSpec(),
            List.of("spec.allNodes: Invalid value: false: must be either unset or set to true")));
  }

  /** Attribute values and ids, and taints. */
  private static Stream<Case> attributesAndTaints() {
    return Stream.of(
        new Case(
            "version not semver",
            b -> device(b, 2, d -> d.addToAttributes("driverVersion", Slices.version("v570.1"))),
            List.of(
                "spec.devices[2].attributes[driverVersion].version: Invalid value: \"v570.1\": must"
                    + " be a string compatible with semver.org spec 2.0.0")),
        new Case(
            "string over 64 bytes",
            b -> device(b, 0, d -> d.addToAttributes("productName", Slices.string("x".repeat(65)))),
            List.of(
                "spec.devices[0].attributes[productName].string: Too long: may not be more than 64 bytes")),
        new Case(
            "two attribute values",
            b ->
                device(
                    b,
                    0,
                    d ->
                        d.addToAttributes(
                            "index",
                            new DeviceAttributeBuilder().withInt(1L).withBool(true).build())),
            List.of(
                "spec.devices[0].attributes[index]: Invalid value: 2: exactly one value must be specified")),
        new Case(
            "no attribute value",
            b -> device(b, 0, d -> d.addToAttributes("index", new DeviceAttribute())),
            List.of(
                "spec.devices[0].attributes[index]: Required value: exactly one value must be specified")),
        new Case(
            "attribute id over 32 and not a C identifier",
            b ->
                device(
                    b,
                    0,
                    d ->
                        d.addToAttributes("gpu.nvidia.com/" + "x".repeat(33), Slices.string("a"))
                            .addToAttributes("1st", Slices.string("a"))),
            List.of(
                "spec.devices[0].attributes[gpu.nvidia.com/"
                    + "x".repeat(33)
                    + "]: Too long: may not be more than 32 bytes",
                "spec.devices[0].attributes[1st]: Invalid value: \"1st\": a valid C identifier")),
        new Case(
            "taint effect",
            b ->
                device(
                    b,
                    0,
                    d ->
                        d.addNewTaint()
                            .withKey("example.com/broken")
                            .withEffect("Evict")
                            .endTaint()),
            List.of(
                "spec.devices[0].taints[0].effect: Unsupported value: \"Evict\": supported values:"
                    + " \"NoExecute\", \"NoSchedule\", \"None\"")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  @DisplayName("slices are refused with the API server's field errors")
  void validates(Case c) {
    ResourceSlice slice = c.change().apply(new ResourceSliceBuilder(Slices.gpuSlice())).build();

    List<String> messages = validator.validate(slice).stream().map(FieldError::message).toList();

    assertThat(messages).hasSameSizeAs(c.expected());
    for (int i = 0; i < messages.size(); i++) {
      assertThat(messages.get(i)).startsWith(c.expected().get(i));
    }
  }

  private static ResourceSliceBuilder device(
      ResourceSliceBuilder b, int index, UnaryOperator<DeviceBuilder> change) {
    List<Device> devices = new ArrayList<>(b.buildSpec().getDevices());
    devices.set(index, change.apply(new DeviceBuilder(devices.get(index))).build());
    return b.editSpec().withDevices(devices).endSpec();
  }

  private static Map<String, DeviceAttribute> attributes(int n) {
    Map<String, DeviceAttribute> attributes = new LinkedHashMap<>();
    IntStream.range(0, n).forEach(i -> attributes.put("a" + i, Slices.string("v")));
    return attributes;
  }
}
