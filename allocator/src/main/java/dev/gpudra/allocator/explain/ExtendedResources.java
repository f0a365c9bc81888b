package dev.gpudra.allocator.explain;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequest;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Extended resources backed by DRA (KEP-5004, gate DRAExtendedResource): a container asking for
 * {@code nvidia.com/gpu: 2} while a DeviceClass has {@code extendedResourceName: nvidia.com/gpu}
 * (or for {@code deviceclass.resource.kubernetes.io/<class>}) gets its devices from the claim
 * kube-scheduler generates for the pod. That claim has one request per container (init containers
 * first) and resource, named {@code container-<i>-request-<j>} with {@code j} the resource's index
 * among the container's sorted request names, for exactly that many devices of the class; requests
 * sorted by name. When two classes name the same resource the newest wins, then the first by name.
 * Not modelled: a node whose allocatable already has the resource (a device plugin) serves it
 * without DRA.
 */
final class ExtendedResources {
  /** The resource every DeviceClass answers to, followed by the class name. */
  static final String IMPLICIT_PREFIX = "deviceclass.resource.kubernetes.io/";

  private final Map<String, String> classByResource = new HashMap<>();

  ExtendedResources(Map<String, DeviceClass> classes) {
    Comparator<DeviceClass> preference =
        Comparator.comparing(ExtendedResources::created)
            .reversed()
            .thenComparing(c -> c.getMetadata().getName());
    classes.values().stream()
        .filter(c -> c.getSpec() != null && c.getSpec().getExtendedResourceName() != null)
        .sorted(preference)
        .forEach(c ->
            classByResource.putIfAbsent(
                c.getSpec().getExtendedResourceName(), c.getMetadata().getName()));
    classes.keySet().forEach(name -> classByResource.putIfAbsent(IMPLICIT_PREFIX + name, name));
  }

  /** The claim generated for the pods' extended resources; empty when none maps to a class. */
  Optional<ResourceClaim> claimFor(PodSource pods) {
    List<Container> containers = new ArrayList<>();
    containers.addAll(Objects.requireNonNullElse(pods.spec().getInitContainers(), List.of()));
    containers.addAll(Objects.requireNonNullElse(pods.spec().getContainers(), List.of()));
    List<DeviceRequest> requests = new ArrayList<>();
    for (int i = 0; i < containers.size(); i++) {
      requests.addAll(requests(pods, i, containers.get(i)));
    }
    if (requests.isEmpty()) {
      return Optional.empty();
    }
    requests.sort(Comparator.comparing(DeviceRequest::getName));
    return Optional.of(
        new ResourceClaimBuilder()
            .withNewMetadata()
            .withName(pods.owner().name() + "-extended-resources")
            .withNamespace(pods.namespace())
            .addToAnnotations("resource.kubernetes.io/extended-resource-claim", "true")
            .endMetadata()
            .withNewSpec()
            .withNewDevices()
            .withRequests(requests)
            .endDevices()
            .endSpec()
            .build());
  }

  private List<DeviceRequest> requests(PodSource pods, int index, Container container) {
    Map<String, Quantity> amounts = effectiveRequests(container.getResources());
    List<String> names = List.copyOf(amounts.keySet());
    List<DeviceRequest> requests = new ArrayList<>();
    for (int j = 0; j < names.size(); j++) {
      String className = classByResource.get(names.get(j));
      if (className == null) {
        continue;
      }
      long count = count(pods, container, names.get(j), amounts.get(names.get(j)));
      if (count > 0) {
        requests.add(
            new DeviceRequestBuilder()
                .withName("container-" + index + "-request-" + j)
                .withNewExactly()
                .withDeviceClassName(className)
                .withAllocationMode("ExactCount")
                .withCount(count)
                .endExactly()
                .build());
      }
    }
    return requests;
  }

  /** Requests by name, sorted; a resource with only a limit requests that much (API defaulting). */
  private static Map<String, Quantity> effectiveRequests(ResourceRequirements resources) {
    Map<String, Quantity> requests = new TreeMap<>();
    if (resources != null) {
      requests.putAll(Objects.requireNonNullElse(resources.getLimits(), Map.of()));
      requests.putAll(Objects.requireNonNullElse(resources.getRequests(), Map.of()));
    }
    return requests;
  }

  private static long count(PodSource pods, Container container, String name, Quantity amount) {
    BigDecimal value = amount.getNumericalAmount();
    try {
      return value.longValueExact();
    } catch (ArithmeticException e) {
      throw new UnexplainableInputException(
          pods.owner()
              + " container "
              + container.getName()
              + ": resources "
              + name
              + " is "
              + amount
              + ", but an extended resource must be a whole number");
    }
  }

  private static Instant created(DeviceClass deviceClass) {
    String created = deviceClass.getMetadata().getCreationTimestamp();
    return created == null ? Instant.EPOCH : Instant.parse(created);
  }
}
