package dev.gpudra.testfixtures.claims;

import io.fabric8.kubernetes.api.model.resource.v1.DeviceAllocationConfiguration;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAllocationConfigurationBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResultBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds ResourceClaims the way the scheduler leaves them: {@code <namespace>/<name>} with a UID,
 * an empty spec (the API server always has one) and, unless {@link #unallocated()}, an allocation
 * with the results and configs added, in order.
 */
public final class TestClaims {
  /** The driver of results and configs that name none. */
  public static final String DRIVER = "gpu.nvidia.com";

  /** The pool every result names: the node's. */
  public static final String POOL = "node-a";

  private final String uid;
  private final String name;
  private final List<DeviceRequestAllocationResult> results = new ArrayList<>();
  private final List<DeviceAllocationConfiguration> configs = new ArrayList<>();
  private String namespace = "default";
  private boolean allocated = true;

  private TestClaims(String uid, String name) {
    this.uid = uid;
    this.name = name;
  }

  /** A claim {@code default/<name>} with the given UID. */
  public static TestClaims claim(String uid, String name) {
    return new TestClaims(uid, name);
  }

  /**
   * {@code <namespace>/<name>} allocated one {@link #DRIVER} device for request {@code gpu/sub}:
   * for a test to which the driver's own code does not matter.
   */
  public static ResourceClaim allocated(String namespace, String name, String uid, String device) {
    return claim(uid, name).inNamespace(namespace).result("gpu/sub", device).build();
  }

  /** {@code <namespace>/<name>}, not allocated. */
  public static ResourceClaim unallocated(String namespace, String name, String uid) {
    return claim(uid, name).inNamespace(namespace).unallocated().build();
  }

  /** The claim's namespace ({@code default} unless set). */
  public TestClaims inNamespace(String namespace) {
    this.namespace = namespace;
    return this;
  }

  /** A result for {@code request} on {@code device} of {@link #DRIVER}, in pool {@link #POOL}. */
  public TestClaims result(String request, String device) {
    return result(request, DRIVER, device, false);
  }

  public TestClaims result(String request, String driver, String device, boolean adminAccess) {
    results.add(
        new DeviceRequestAllocationResultBuilder()
            .withRequest(request)
            .withDriver(driver)
            .withPool(POOL)
            .withDevice(device)
            .withAdminAccess(adminAccess ? Boolean.TRUE : null)
            .build());
    return this;
  }

  /** A result exactly as given: any field may be null, to build what the API should not hold. */
  public TestClaims rawResult(DeviceRequestAllocationResult result) {
    results.add(result);
    return this;
  }

  public TestClaims config(String source, List<String> requests, Object parameters) {
    return config(source, requests, DRIVER, parameters);
  }

  public TestClaims config(String source, List<String> requests, String driver, Object params) {
    configs.add(
        new DeviceAllocationConfigurationBuilder()
            .withSource(source)
            .withRequests(requests)
            .withNewOpaque()
            .withDriver(driver)
            .withParameters(params)
            .endOpaque()
            .build());
    return this;
  }

  /** A config entry without {@code opaque}. */
  public TestClaims nonOpaqueConfig() {
    configs.add(new DeviceAllocationConfigurationBuilder().withSource("FromClaim").build());
    return this;
  }

  public TestClaims unallocated() {
    allocated = false;
    return this;
  }

  public ResourceClaim build() {
    ResourceClaimBuilder builder =
        new ResourceClaimBuilder()
            .withNewMetadata()
            .withNamespace(namespace)
            .withName(name)
            .withUid(uid)
            .endMetadata()
            .withNewSpec()
            .endSpec();
    if (!allocated) {
      return builder.build();
    }
    return builder
        .withNewStatus()
        .withNewAllocation()
        .withNewDevices()
        .withResults(results)
        .withConfig(configs)
        .endDevices()
        .endAllocation()
        .endStatus()
        .build();
  }

  /** Opaque parameters of a config object, as a map like the API server hands them over. */
  public static Map<String, Object> params(String kind, Map<String, Object> fields) {
    Map<String, Object> all = new LinkedHashMap<>();
    all.put("apiVersion", "resource.nvidia.com/v1beta1");
    all.put("kind", kind);
    all.putAll(fields);
    return all;
  }

  public static Map<String, Object> sharing(String strategy) {
    return Map.of("sharing", Map.of("strategy", strategy));
  }
}
