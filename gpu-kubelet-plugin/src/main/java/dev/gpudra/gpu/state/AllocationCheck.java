package dev.gpudra.gpu.state;

import io.fabric8.kubernetes.api.model.resource.v1.DeviceAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The allocation results of a claim that are this driver's, checked before anything is written for
 * the claim: each names its request, driver, pool and device; the pool is this node's; no device is
 * allocated twice (the same share ID, or none, twice); and the lists are no longer than the API
 * server allows. Each fault is an {@link InvalidClaimException} naming the claim and the field.
 */
final class AllocationCheck {
  /** AllocationResultsMaxSize of resource.k8s.io/v1. */
  static final int MAX_RESULTS = 32;

  /** Two times DeviceConfigMaxSize: class and claim configs together. */
  static final int MAX_CONFIGS = 64;

  private static final String RESULTS = "status.allocation.devices.results";

  private final String driver;
  private final String pool;

  /**
   * @param driver the driver whose results are ours
   * @param pool the pool this node publishes (the node's name)
   */
  AllocationCheck(String driver, String pool) {
    this.driver = Objects.requireNonNull(driver, "driver");
    this.pool = Objects.requireNonNull(pool, "pool");
  }

  /**
   * @throws InvalidClaimException the claim is not allocated, or a result of ours is malformed
   */
  List<DeviceRequestAllocationResult> ours(ResourceClaim claim) {
    DeviceAllocationResult devices = devicesOf(claim);
    List<DeviceRequestAllocationResult> results =
        devices.getResults() == null ? List.of() : devices.getResults();
    int configs = devices.getConfig() == null ? 0 : devices.getConfig().size();
    if (results.size() > MAX_RESULTS) {
      throw invalid(claim, RESULTS, results.size() + " results, the API allows " + MAX_RESULTS);
    }
    if (configs > MAX_CONFIGS) {
      throw invalid(
          claim,
          "status.allocation.devices.config",
          configs + " entries, the API allows " + MAX_CONFIGS);
    }
    List<DeviceRequestAllocationResult> ours = new ArrayList<>();
    Map<String, Integer> seen = new HashMap<>();
    for (int i = 0; i < results.size(); i++) {
      DeviceRequestAllocationResult result = results.get(i);
      String at = RESULTS + "[" + i + "]";
      if (result == null) {
        throw invalid(claim, at, "empty result");
      }
      required(claim, at + ".driver", result.getDriver());
      if (!driver.equals(result.getDriver())) {
        continue;
      }
      required(claim, at + ".request", result.getRequest());
      required(claim, at + ".pool", result.getPool());
      required(claim, at + ".device", result.getDevice());
      if (!pool.equals(result.getPool())) {
        throw invalid(
            claim,
            at + ".pool",
            "\"" + result.getPool() + "\" is not this node's pool \"" + pool + "\"");
      }
      String key = result.getDevice() + "\u0000" + Objects.toString(result.getShareID(), "");
      Integer first = seen.putIfAbsent(key, i);
      if (first != null) {
        throw invalid(
            claim,
            at + ".device",
            "\""
                + result.getDevice()
                + "\" is allocated twice (also "
                + RESULTS
                + "["
                + first
                + "])");
      }
      ours.add(result);
    }
    return ours;
  }

  private static DeviceAllocationResult devicesOf(ResourceClaim claim) {
    if (claim.getStatus() == null
        || claim.getStatus().getAllocation() == null
        || claim.getStatus().getAllocation().getDevices() == null) {
      throw new InvalidClaimException("claim " + describe(claim) + " is not allocated");
    }
    return claim.getStatus().getAllocation().getDevices();
  }

  private static void required(ResourceClaim claim, String field, String value) {
    if (value == null || value.isBlank()) {
      throw invalid(claim, field, "required, but missing");
    }
  }

  private static InvalidClaimException invalid(ResourceClaim claim, String field, String what) {
    return new InvalidClaimException("claim " + describe(claim) + ": " + field + ": " + what);
  }

  /** The claim as every error of the state package names it: {@code namespace/name}. */
  static String describe(ResourceClaim claim) {
    return claim.getMetadata().getNamespace() + "/" + claim.getMetadata().getName();
  }
}
