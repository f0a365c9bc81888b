package dev.gpudra.gpu.plugin;

import dev.gpudra.kit.ClaimRef;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAllocationConfiguration;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAllocationConfigurationBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequest;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResultBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Creates ResourceClaims in the API the way the scheduler leaves them: allocated to devices of one
 * node's pool, with opaque configs. The kubelet's reference carries the UID the server assigned.
 */
final class ApiClaims {
  static final String NAMESPACE = "default";
  static final String CONFIG_API_VERSION = "resource.nvidia.com/v1beta1";

  private final KubernetesClient client;
  private final String pool;

  ApiClaims(KubernetesClient client, String pool) {
    this.client = client;
    this.pool = pool;
  }

  /** A claim {@code default/<name>} to be allocated. */
  Claim named(String name) {
    return new Claim(name);
  }

  /** The parameters of an opaque config object, as a user writes them in a claim. */
  static Map<String, Object> params(String kind, Map<String, Object> fields) {
    Map<String, Object> all = new LinkedHashMap<>();
    all.put("apiVersion", CONFIG_API_VERSION);
    all.put("kind", kind);
    all.putAll(fields);
    return all;
  }

  /** One claim under construction. */
  final class Claim {
    private final String name;
    private final List<DeviceRequestAllocationResult> results = new ArrayList<>();
    private final List<DeviceAllocationConfiguration> configs = new ArrayList<>();
    private boolean allocated = true;

    private Claim(String name) {
      this.name = name;
    }

    /** An allocation result of {@code gpu.nvidia.com} on this node's pool. */
    Claim device(String request, String device) {
      results.add(
          new DeviceRequestAllocationResultBuilder()
              .withRequest(request)
              .withDriver(GpuPluginConfig.DRIVER_NAME)
              .withPool(pool)
              .withDevice(device)
              .build());
      return this;
    }

    /** A share of a device (consumable capacity): its share ID and the memory it consumed. */
    Claim share(String request, String device, String shareId, String memory) {
      results.add(
          new DeviceRequestAllocationResultBuilder()
              .withRequest(request)
              .withDriver(GpuPluginConfig.DRIVER_NAME)
              .withPool(pool)
              .withDevice(device)
              .withShareID(shareId)
              .withConsumedCapacity(
                  java.util.Map.of("memory", new io.fabric8.kubernetes.api.model.Quantity(memory)))
              .build());
      return this;
    }

    /** An allocation result exactly as given, for results the scheduler would never write. */
    Claim result(DeviceRequestAllocationResult result) {
      results.add(result);
      return this;
    }

    /** A {@code FromClaim} opaque config for our driver; parameters as the API would hold them. */
    Claim config(List<String> requests, Object parameters) {
      configs.add(
          new DeviceAllocationConfigurationBuilder()
              .withSource("FromClaim")
              .withRequests(requests)
              .withNewOpaque()
              .withDriver(GpuPluginConfig.DRIVER_NAME)
              .withParameters(parameters)
              .endOpaque()
              .build());
      return this;
    }

    /** A {@code FromClaim} opaque config for another driver, which this plugin must skip. */
    Claim foreignConfig(String driver, Object parameters) {
      configs.add(
          new DeviceAllocationConfigurationBuilder()
              .withSource("FromClaim")
              .withRequests(List.of())
              .withNewOpaque()
              .withDriver(driver)
              .withParameters(parameters)
              .endOpaque()
              .build());
      return this;
    }

    /** Leaves the claim pending: no {@code status.allocation}. */
    Claim unallocated() {
      allocated = false;
      return this;
    }

    /**
     * Creates the claim, then writes its allocation through {@code /status} (the API server drops
     * status sent on create), and returns the kubelet's reference to it.
     */
    ClaimRef create() {
      ResourceClaim created =
          client
              .resource(
                  new ResourceClaimBuilder()
                      .withNewMetadata()
                      .withNamespace(NAMESPACE)
                      .withName(name)
                      .endMetadata()
                      .withNewSpec()
                      .withNewDevices()
                      .withRequests(requests())
                      .endDevices()
                      .endSpec()
                      .build())
              .create();
      if (allocated) {
        client
            .resource(
                new ResourceClaimBuilder(created)
                    .withNewStatus()
                    .withNewAllocation()
                    .withNewDevices()
                    .withResults(results)
                    .withConfig(configs)
                    .endDevices()
                    .endAllocation()
                    .endStatus()
                    .build())
            .updateStatus();
      }
      return new ClaimRef(NAMESPACE, name, created.getMetadata().getUid());
    }

    /**
     * The requests the results and configs name, as the API server requires of an allocation:
     * {@code gpu} asks for as many devices as results name it, {@code gpu/sub} is subrequest {@code
     * sub} of {@code gpu}.
     */
    private List<DeviceRequest> requests() {
      Map<String, List<String>> subrequests = new LinkedHashMap<>();
      Map<String, Long> counts = new LinkedHashMap<>();
      List<String> named = new ArrayList<>();
      results.stream().map(DeviceRequestAllocationResult::getRequest).forEach(named::add);
      configs.forEach(c -> named.addAll(c.getRequests()));
      for (String request : named) {
        if (request == null) {
          continue;
        }
        String[] parts = request.split("/", 2);
        List<String> subs = subrequests.computeIfAbsent(parts[0], r -> new ArrayList<>());
        if (parts.length == 2 && !subs.contains(parts[1])) {
          subs.add(parts[1]);
        }
      }
      results.stream()
          .map(DeviceRequestAllocationResult::getRequest)
          .filter(r -> r != null && !r.contains("/"))
          .forEach(r -> counts.merge(r, 1L, Long::sum));
      return subrequests.entrySet().stream()
          .map(e -> request(e.getKey(), e.getValue(), counts.getOrDefault(e.getKey(), 1L)))
          .toList();
    }

    private static DeviceRequest request(String name, List<String> subrequests, long count) {
      DeviceRequestBuilder request = new DeviceRequestBuilder().withName(name);
      if (subrequests.isEmpty()) {
        return request
            .withNewExactly()
            .withDeviceClassName(GpuPluginConfig.DRIVER_NAME)
            .withCount(count)
            .endExactly()
            .build();
      }
      subrequests.forEach(sub ->
          request
              .addNewFirstAvailable()
              .withName(sub)
              .withDeviceClassName(GpuPluginConfig.DRIVER_NAME)
              .endFirstAvailable());
      return request.build();
    }
  }
}
