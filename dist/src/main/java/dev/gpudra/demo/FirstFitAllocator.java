package dev.gpudra.demo;

import dev.gpudra.gpu.plugin.GpuPluginConfig;
import dev.gpudra.gpu.slices.DeviceModel;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAllocationConfigurationBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequest;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResultBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import io.fabric8.kubernetes.api.model.runtime.RawExtension;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Allocates a scenario's requests first-fit from a node's published devices, skipping devices other
 * claims hold, and writes the result in {@code status.allocation} form. A stand-in for the
 * scheduler's allocator, good enough for the demo's claims.
 */
final class FirstFitAllocator {
  private final KubernetesSerialization json = new KubernetesSerialization();

  /** The allocated claim, or empty when the node cannot satisfy a request. */
  Optional<ResourceClaim> allocate(Scenario s, List<Device> published, Set<String> taken) {
    List<DeviceRequestAllocationResult> results = new ArrayList<>();
    Set<String> used = new java.util.HashSet<>(taken);
    for (Scenario.Request request : s.requests()) {
      Optional<List<Device>> picked = pick(request, published, used);
      if (picked.isEmpty()) {
        return Optional.empty();
      }
      for (Device d : picked.get()) {
        used.add(d.getName());
        results.add(result(request.name(), s.node(), d.getName()));
      }
    }
    return Optional.of(claim(s, results));
  }

  private static Optional<List<Device>> pick(
      Scenario.Request request, List<Device> published, Set<String> used) {
    Map<String, List<Device>> groups = new LinkedHashMap<>();
    for (Device d : published) {
      if (!used.contains(d.getName()) && request.matches().test(d)) {
        String key = request.sameRoot() ? root(d) : "";
        groups.computeIfAbsent(key, k -> new ArrayList<>()).add(d);
      }
    }
    return groups.values().stream()
        .filter(g -> g.size() >= request.count())
        .findFirst()
        .map(g -> List.copyOf(g.subList(0, request.count())));
  }

  private static String root(Device d) {
    var attribute = d.getAttributes().get(DeviceModel.PCIE_ROOT);
    return attribute == null ? "" : attribute.getString();
  }

  private static DeviceRequestAllocationResult result(String request, String pool, String device) {
    return new DeviceRequestAllocationResultBuilder()
        .withRequest(request)
        .withDriver(GpuPluginConfig.DRIVER_NAME)
        .withPool(pool)
        .withDevice(device)
        .build();
  }

  private ResourceClaim claim(Scenario s, List<DeviceRequestAllocationResult> results) {
    ResourceClaimBuilder claim =
        new ResourceClaimBuilder()
            .withNewMetadata()
            .withName(s.name())
            .withNamespace("demo")
            .withUid(UUID.nameUUIDFromBytes(s.name().getBytes()).toString())
            .endMetadata()
            .withNewSpec()
            .withNewDevices()
            .withRequests(s.requests().stream().map(FirstFitAllocator::request).toList())
            .endDevices()
            .endSpec()
            .withNewStatus()
            .withNewAllocation()
            .withNewDevices()
            .withResults(results)
            .withConfig(configs(s))
            .endDevices()
            .endAllocation()
            .endStatus();
    return claim.build();
  }

  private static DeviceRequest request(Scenario.Request r) {
    return new DeviceRequestBuilder()
        .withName(r.name())
        .withNewExactly()
        .withDeviceClassName(r.deviceClass())
        .withCount((long) r.count())
        .addNewSelector()
        .withNewCel(r.selector())
        .endSelector()
        .endExactly()
        .build();
  }

  private List<io.fabric8.kubernetes.api.model.resource.v1.DeviceAllocationConfiguration> configs(
      Scenario s) {
    return s.config().stream()
        .map(parameters ->
            new DeviceAllocationConfigurationBuilder()
                .withSource("FromClaim")
                .withNewOpaque()
                .withDriver(GpuPluginConfig.DRIVER_NAME)
                .withParameters(json.unmarshal(parameters, RawExtension.class))
                .endOpaque()
                .build())
        .toList();
  }
}
