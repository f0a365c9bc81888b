package dev.gpudra.localcluster.validation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gpudra.allocator.cel.DeviceSelectorEnv;
import dev.gpudra.allocator.cel.SelectorEnvOptions;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * What the corpus cannot show: objects built in Java rather than read from JSON. Verdicts on JSON
 * objects are the corpus's ({@code CorpusVerdictsTest}, {@code ValidationAgreementE2E}).
 */
class TypedObjectsTest {
  private final ResourceClaimValidator validator =
      new ResourceClaimValidator(
          new ObjectMapper(), new DeviceSelectorEnv(SelectorEnvOptions.defaults()));

  @Test
  @DisplayName(
      "config parameters built as a GenericKubernetesResource (apiVersion and kind) are an object")
  void genericResourceParametersAreAnObject() {
    assertThat(validator.validate(claimWithParameters())).isEmpty();
  }

  @Test
  @DisplayName("config parameters built as a list are refused with the API server's message")
  void listParametersAreRefused() {
    ResourceClaim claim =
        new ResourceClaimBuilder(claimWithParameters())
            .editSpec()
            .editDevices()
            .editFirstConfig()
            .editOpaque()
            .withParameters(List.of(1))
            .endOpaque()
            .endConfig()
            .endDevices()
            .endSpec()
            .build();

    assertThat(validator.validate(claim))
        .extracting(FieldError::message)
        .containsExactly(
            "spec.devices.config[0].opaque.parameters: Invalid value: \"<value omitted>\":"
                + " must be a valid JSON object");
  }

  private static ResourceClaim claimWithParameters() {
    return new ResourceClaimBuilder()
        .withNewMetadata()
        .withName("gpu")
        .endMetadata()
        .withNewSpec()
        .withNewDevices()
        .addNewRequest()
        .withName("gpu")
        .withNewExactly()
        .withDeviceClassName("gpu.nvidia.com")
        .endExactly()
        .endRequest()
        .addNewConfig()
        .withNewOpaque()
        .withDriver("gpu.nvidia.com")
        .withParameters(
            new GenericKubernetesResourceBuilder()
                .withApiVersion("resource.nvidia.com/v1beta1")
                .withKind("GpuConfig")
                .build())
        .endOpaque()
        .endConfig()
        .endDevices()
        .endSpec()
        .build();
  }
}
