package dev.gpudra.localcluster.validation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ResourceClaimValidatorTest {
  private final ResourceClaimValidator validator = new ResourceClaimValidator(new ObjectMapper());

  record Case(String name, UnaryOperator<ResourceClaimBuilder> change, List<String> expected) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
            requestNames(), counts(), constraintsAndCapacity(), configParameters(), sizeAndStatus())
        .flatMap(s -> s);
  }

  /** Request names, and requests with neither exactly nor firstAvailable. */
  private static Stream<Case> requestNames() {
    return Stream.of(
        new Case("one exact request is valid", b -> b, List.of()),
        new Case(
            "33 requests",
            b ->
                b.editSpec()
                    .editDevices()
                    .withRequests(
                        IntStream.range(0, 33).mapToObj(i -> request("r" + i).build()).toList())
                    .endDevices()
                    .endSpec(),
            List.of("spec.devices.requests: Too many: 33: must have at most 32 items")),
        new Case(
            "duplicate request names",
            b ->
                b.editSpec()
                    .editDevices()
                    .addToRequests(request("gpu").build())
                    .endDevices()
                    .endSpec(),
            List.of("spec.devices.requests[1].name: Duplicate value: \"gpu\"")),
        new Case(
            "neither exactly nor firstAvailable",
            b ->
                b.editSpec()
                    .editDevices()
                    .withRequests(new DeviceRequestBuilder().withName("gpu").build())
                    .endDevices()
                    .endSpec(),
            List.of(
                "spec.devices.requests[0]: Required value: exactly one of `exactly` or `firstAvailable` is required")));
  }

  /** Allocation modes and counts. */
  private static Stream<Case> counts() {
    return Stream.of(
        new Case(
            "unknown allocation mode",
            b ->
                b.editSpec()
                    .editDevices()
                    .editFirstRequest()
                    .editExactly()
                    .withAllocationMode("Some")
                    .endExactly()
                    .endRequest()
                    .endDevices()
                    .endSpec(),
            List.of(
                "spec.devices.requests[0].exactly.allocationMode: Unsupported value: \"Some\": supported values: \"All\", \"ExactCount\"")),
        new Case(
            "count with All",
            b ->
                b.editSpec()
                    .editDevices()
                    .editFirstRequest()
                    .editExactly()
                    .withAllocationMode("All")
                    .withCount(2L)
                    .endExactly()
                    .endRequest()
                    .endDevices()
                    .endSpec(),
            List.of(
                "spec.devices.requests[0].exactly.count: Invalid value: 2: must not be specified when allocationMode is 'All'")),
        new Case(
            "zero count",
            b ->
                b.editSpec()
                    .editDevices()
                    .editFirstRequest()
                    .editExactly()
                    .withCount(0L)
                    .endExactly()
                    .endRequest()
                    .endDevices()
                    .endSpec(),
            List.of(
                "spec.devices.requests[0].exactly.count: Invalid value: 0: must be greater than zero")));
  }

  /** Constraints, and requests for capacity. */
  private static Stream<Case> constraintsAndCapacity() {
    return Stream.of(
        new Case(
            "constraint naming an unknown request, attribute without domain",
            b ->
                b.editSpec()
                    .editDevices()
                    .addNewConstraint()
                    .withRequests("nic")
                    .withMatchAttribute("pcieRoot")
                    .endConstraint()
                    .endDevices()
                    .endSpec(),
            List.of(
                "spec.devices.constraints[0].requests[0]: Invalid value: \"nic\": must be the name of a request",
                "spec.devices.constraints[0].matchAttribute: Required value: must include a domain")),
        new Case(
            "constraint setting both matchAttribute and distinctAttribute",
            b ->
                b.editSpec()
                    .editDevices()
                    .addNewConstraint()
                    .withMatchAttribute("gpu.nvidia.com/uuid")
                    .withDistinctAttribute("gpu.nvidia.com/uuid")
                    .endConstraint()
                    .endDevices()
                    .endSpec(),
            List.of(
                "spec.devices.constraints[0]: Invalid value: null: exactly one of `matchAttribute`"
                    + " or `distinctAttribute` is required, but multiple fields are set")),
        new Case(
            "capacity request with a bad name and a negative amount",
            b ->
                b.editSpec()
                    .editDevices()
                    .editRequest(0)
                    .editExactly()
                    .withNewCapacity()
                    .addToRequests("bad name", new io.fabric8.kubernetes.api.model.Quantity("1"))
                    .addToRequests("memory", new io.fabric8.kubernetes.api.model.Quantity("-1Gi"))
                    .endCapacity()
                    .endExactly()
                    .endRequest()
                    .endDevices()
                    .endSpec(),
            List.of(
                "spec.devices.requests[0].exactly.capacity.requests: Invalid value: \"bad name\":"
                    + " a valid C identifier must start with alphabetic character or '_', followed"
                    + " by a string of alphanumeric characters or '_' (e.g. 'my_name',  or"
                    + " 'MY_NAME',  or 'MyName', regex used for validation is"
                    + " '[A-Za-z_][A-Za-z0-9_]*')",
                "spec.devices.requests[0].exactly.capacity.requests[memory]: Invalid value:"
                    + " \"-1Gi\": must be greater than or equal to 0")));
  }

  /** Opaque config parameters that are not an object, or name a kind. */
  private static Stream<Case> configParameters() {
    return Stream.of(
        new Case(
            "config parameters not an object",
            b ->
                b.editSpec()
                    .editDevices()
                    .addNewConfig()
                    .withNewOpaque()
                    .withDriver("gpu.nvidia.com")
                    .withParameters(List.of(1))
                    .endOpaque()
                    .endConfig()
                    .endDevices()
                    .endSpec(),
            List.of(
                "spec.devices.config[0].opaque.parameters: Invalid value: \"<value omitted>\": parameters must be a valid JSON object")),
        new Case(
            "config parameters with apiVersion and kind, which fabric8 reads as a resource",
            b ->
                b.editSpec()
                    .editDevices()
                    .addNewConfig()
                    .withNewOpaque()
                    .withDriver("gpu.nvidia.com")
                    .withParameters(
                        new io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder()
                            .withApiVersion("resource.nvidia.com/v1beta1")
                            .withKind("GpuConfig")
                            .build())
                    .endOpaque()
                    .endConfig()
                    .endDevices()
                    .endSpec(),
            List.of()));
  }

  /** Config parameters past the size bound, and a status with no allocation. */
  private static Stream<Case> sizeAndStatus() {
    return Stream.of(
        new Case(
            "config parameters over 10240 bytes",
            b ->
                b.editSpec()
                    .editDevices()
                    .addNewConfig()
                    .withNewOpaque()
                    .withDriver("gpu.nvidia.com")
                    .withParameters(Map.of("k", "x".repeat(10240)))
                    .endOpaque()
                    .endConfig()
                    .endDevices()
                    .endSpec(),
            List.of(
                "spec.devices.config[0].opaque.parameters: Too long: may not be more than 10240 bytes")),
        new Case(
            "reservedFor without allocation",
            b ->
                b.withNewStatus()
                    .addNewReservedFor()
                    .withResource("pods")
                    .withName("p")
                    .withUid("u")
                    .endReservedFor()
                    .endStatus(),
            List.of(
                "status.reservedFor: Forbidden: may not be specified when `allocated` is not set")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  @DisplayName("claims are refused with the API server's field errors")
  void validates(Case c) {
    ResourceClaim claim = c.change().apply(new ResourceClaimBuilder(claim())).build();

    List<String> messages = validator.validate(claim).stream().map(FieldError::message).toList();

    assertThat(messages).hasSameSizeAs(c.expected());
    for (int i = 0; i < messages.size(); i++) {
      assertThat(messages.get(i)).startsWith(c.expected().get(i));
    }
  }

  private static ResourceClaim claim() {
    return new ResourceClaimBuilder()
        .withNewMetadata()
        .withName("gpu")
        .endMetadata()
        .withNewSpec()
        .withNewDevices()
        .addToRequests(request("gpu").build())
        .endDevices()
        .endSpec()
        .build();
  }

  private static DeviceRequestBuilder request(String name) {
    return new DeviceRequestBuilder()
        .withName(name)
        .withNewExactly()
        .withDeviceClassName("gpu.nvidia.com")
        .endExactly();
  }
}
