package dev.gpudra.kit.metadata;

import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.DraDriver;
import dev.gpudra.kit.ForwardingDriver;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.PreparedDevice;
import dev.gpudra.kit.UnprepareResult;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttribute;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A driver with device metadata (KEP-5304): after the driver prepared a claim, each request's
 * metadata file and CDI spec are written and the spec's CDI device added to the request's first
 * device, so the runtime mounts the file; after an unprepare they are removed. What the kubelet
 * plugin helper's {@code EnableDeviceMetadata} does, except that a file that cannot be written
 * fails the claim (the kubelet retries) rather than leave the container without it.
 */
public final class MetadataDriver extends ForwardingDriver {
  /**
   * The annotation naming a template's claim in its pod ({@code pod.spec.resourceClaims[].name}).
   */
  public static final String POD_CLAIM_NAME = "resource.kubernetes.io/pod-claim-name";

  private final String driverName;
  private final MetadataFiles files;
  private final DeviceAttributes attributes;

  public MetadataDriver(DraDriver driver, MetadataFiles files, DeviceAttributes attributes) {
    super(driver);
    this.files = Objects.requireNonNull(files, "files");
    this.attributes = Objects.requireNonNull(attributes, "attributes");
    this.driverName = files.paths().driver();
  }

  @Override
  public Map<String, PrepareResult> prepare(List<ResourceClaim> claims) {
    Map<String, PrepareResult> results = new LinkedHashMap<>(driver().prepare(claims));
    for (ResourceClaim claim : claims) {
      String uid = claim.getMetadata().getUid();
      PrepareResult result = results.get(uid);
      if (result == null || result.failed()) {
        continue;
      }
      try {
        results.put(uid, PrepareResult.of(withMetadata(claim, result.devices())));
      } catch (MetadataException e) {
        results.put(
            uid, PrepareResult.failed("prepare failed: device metadata: " + e.getMessage()));
      }
    }
    return results;
  }

  @Override
  public Map<String, UnprepareResult> unprepare(List<ClaimRef> claims) {
    Map<String, UnprepareResult> results = new LinkedHashMap<>(driver().unprepare(claims));
    for (ClaimRef claim : claims) {
      UnprepareResult result = results.get(claim.uid());
      if (result == null || result.failed()) {
        continue;
      }
      try {
        files.remove(claim);
      } catch (MetadataException e) {
        results.put(
            claim.uid(),
            UnprepareResult.failed("unprepare failed: device metadata: " + e.getMessage()));
      }
    }
    return results;
  }

  /** Writes each request's file; the request's first device carries the CDI device mounting it. */
  private List<PreparedDevice> withMetadata(ResourceClaim claim, List<PreparedDevice> devices) {
    ClaimRef ref = ClaimRef.of(claim);
    Optional<String> podClaimName =
        Optional.ofNullable(claim.getMetadata().getAnnotations()).map(a -> a.get(POD_CLAIM_NAME));
    Map<String, String> cdiIds = new LinkedHashMap<>();
    requests(claim, devices)
        .forEach((request, members) -> {
          DeviceMetadata metadata =
              new DeviceMetadata(
                  ref,
                  podClaimName,
                  DeviceMetadata.PREPARED_GENERATION,
                  request,
                  members.stream()
                      .map(d ->
                          new MetadataDevice(
                              driverName, d.poolName(), d.deviceName(), attributes(ref, d)))
                      .toList());
          cdiIds.put(metadata.baseRequest(), files.write(metadata));
        });
    Set<String> mounted = new HashSet<>();
    List<PreparedDevice> out = new ArrayList<>();
    for (PreparedDevice device : devices) {
      List<String> ids = new ArrayList<>(device.cdiDeviceIds());
      for (String request : device.requestNames()) {
        String id = cdiIds.get(request);
        if (id != null && mounted.add(request)) {
          ids.add(id);
        }
      }
      out.add(
          new PreparedDevice(
              device.requestNames(),
              device.poolName(),
              device.deviceName(),
              ids,
              device.shareId()));
    }
    return out;
  }

  private Map<String, DeviceAttribute> attributes(ClaimRef claim, PreparedDevice device) {
    try {
      return attributes.of(claim.uid(), device);
    } catch (RuntimeException e) {
      throw new MetadataException(
          "device metadata of claim "
              + claim
              + ": no attributes for device "
              + device.deviceName()
              + ": "
              + e.getMessage(),
          e);
    }
  }

  /**
   * The prepared devices by the allocation's request ({@code <request>/<subrequest>} kept), in
   * allocation order; a device the allocation does not name keeps its base request names.
   */
  private Map<String, List<PreparedDevice>> requests(
      ResourceClaim claim, List<PreparedDevice> devices) {
    List<DeviceRequestAllocationResult> results = allocation(claim);
    Map<String, List<PreparedDevice>> byRequest = new LinkedHashMap<>();
    for (PreparedDevice device : devices) {
      List<String> requests =
          results.stream()
              .filter(r -> driverName.equals(r.getDriver()))
              .filter(r -> device.poolName().equals(r.getPool()))
              .filter(r -> device.deviceName().equals(r.getDevice()))
              .filter(
                  r -> device.shareId().isEmpty() || device.shareId().get().equals(r.getShareID()))
              .map(DeviceRequestAllocationResult::getRequest)
              .filter(Objects::nonNull)
              .distinct()
              .toList();
      for (String request : requests.isEmpty() ? device.requestNames() : requests) {
        byRequest.computeIfAbsent(request, r -> new ArrayList<>()).add(device);
      }
    }
    return byRequest;
  }

  private static List<DeviceRequestAllocationResult> allocation(ResourceClaim claim) {
    if (claim.getStatus() == null
        || claim.getStatus().getAllocation() == null
        || claim.getStatus().getAllocation().getDevices() == null
        || claim.getStatus().getAllocation().getDevices().getResults() == null) {
      return List.of();
    }
    return claim.getStatus().getAllocation().getDevices().getResults();
  }
}
