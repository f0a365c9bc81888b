package dev.gpudra.migrate.claims;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gpudra.api.v1beta1.ConfigDecoder;
import dev.gpudra.deviceclasses.model.DriverKind;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClaimConfiguration;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClaimConfigurationBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequest;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ExactDeviceRequestBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplateBuilder;
import java.util.List;
import java.util.Optional;

/** Builds a container's ResourceClaimTemplate from its {@link ClaimPlan}. Thread-safe. */
public final class ClaimTemplates {
  private final ConfigDecoder configs = new ConfigDecoder();
  private final ObjectMapper json =
      JsonMapper.builder().serializationInclusion(JsonInclude.Include.NON_EMPTY).build();

  /**
   * @param plan the claim
   * @param namespace the workload's namespace; empty: none written, as the workload's
   */
  public ResourceClaimTemplate template(ClaimPlan plan, Optional<String> namespace) {
    return new ResourceClaimTemplateBuilder()
        .withNewMetadata()
        .withName(plan.templateName())
        .withNamespace(namespace.orElse(null))
        .endMetadata()
        .withNewSpec()
        .withNewSpec()
        .withNewDevices()
        .withRequests(plan.requests().stream().map(ClaimTemplates::request).toList())
        .withConfig(plan.requests().stream().flatMap(r -> config(r).stream()).toList())
        .endDevices()
        .endSpec()
        .endSpec()
        .build();
  }

  /** The template as a tree, its fields in the API's order, empty ones left out. */
  public ObjectNode tree(ResourceClaimTemplate template) {
    return json.valueToTree(template);
  }

  private static DeviceRequest request(DeviceRequestPlan plan) {
    ExactDeviceRequestBuilder exactly =
        new ExactDeviceRequestBuilder()
            .withDeviceClassName(plan.deviceClass())
            .withCount(plan.count());
    plan.selector().ifPresent(cel -> exactly.addNewSelector().withNewCel(cel).endSelector());
    return new DeviceRequestBuilder().withName(plan.name()).withExactly(exactly.build()).build();
  }

  private Optional<DeviceClaimConfiguration> config(DeviceRequestPlan plan) {
    return plan.config()
        .map(config ->
            new DeviceClaimConfigurationBuilder()
                .withRequests(List.of(plan.name()))
                .withNewOpaque()
                .withDriver(DriverKind.GPU.driverName())
                .withParameters(configs.encode(config))
                .endOpaque()
                .build());
  }
}
