package dev.gpudra.kit.served;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.resource.v1.Counter;
import io.fabric8.kubernetes.api.model.resource.v1.CounterSet;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttributeBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceCapacity;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceCounterConsumption;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks the API server, with a dry-run create of a slice for this node, which {@link SliceField}s it
 * keeps: nothing is stored. Counter sets go in the devices' slice before Kubernetes 1.35 and in a
 * slice of their own after, so a slice that the server refuses one way is tried the other way.
 */
public final class SliceFieldProbe {
  private static final Logger log = LoggerFactory.getLogger(SliceFieldProbe.class);
  private static final String COUNTER_SET = "probe";
  private static final String GROUPS = "compatibilityGroups";
  private static final Quantity ONE = new Quantity("1Gi");

  private final KubernetesClient client;
  private final String driver;
  private final String node;

  public SliceFieldProbe(KubernetesClient client, String driver, String node) {
    this.client = Objects.requireNonNull(client, "client");
    this.driver = Objects.requireNonNull(driver, "driver");
    this.node = Objects.requireNonNull(node, "node");
  }

  /**
   * @return the fields the API server keeps; every field when it refuses both probe slices (it is
   *     newer than this probe: a warning says why)
   * @throws KubernetesClientException when the API server cannot be asked
   */
  public Set<SliceField> served() {
    Optional<ResourceSlice> answer = dryRun(false).or(() -> dryRun(true));
    if (answer.isEmpty()) {
      log.warn(
          "the API server refused both probe slices: assuming it keeps every ResourceSlice field");
      return EnumSet.allOf(SliceField.class);
    }
    Set<SliceField> served = EnumSet.noneOf(SliceField.class);
    List<Device> devices = answer.get().getSpec().getDevices();
    if (has(devices, "taints", d -> d.getTaints() != null && !d.getTaints().isEmpty())) {
      served.add(SliceField.DEVICE_TAINTS);
    }
    if (has(devices, "capacity", d -> Boolean.TRUE.equals(d.getAllowMultipleAllocations()))) {
      served.add(SliceField.CONSUMABLE_CAPACITY);
    }
    if (has(
        devices,
        "counters",
        d -> d.getConsumesCounters() != null && !d.getConsumesCounters().isEmpty())) {
      served.add(SliceField.SHARED_COUNTERS);
    }
    if (has(devices, "counters", SliceFieldProbe::hasGroups)) {
      served.add(SliceField.COMPATIBILITY_GROUPS);
    }
    if (has(
        devices,
        "binding",
        d -> d.getBindingConditions() != null && !d.getBindingConditions().isEmpty())) {
      served.add(SliceField.BINDING_CONDITIONS);
    }
    if (listsKept()) {
      served.add(SliceField.LIST_ATTRIBUTES);
    }
    for (SliceField field : SliceField.values()) {
      if (!served.contains(field)) {
        log.info("{}", field.dropped());
      }
    }
    return served;
  }

  /**
   * List-valued attributes get a probe of their own: a server that drops them leaves an attribute
   * without a value, which it then refuses, and that must not pass for a newer server.
   */
  private boolean listsKept() {
    ResourceSlice slice =
        probe(
                "-probe-lists",
                new DeviceBuilder()
                    .withName("lists")
                    .addToAttributes(
                        "probe", new DeviceAttributeBuilder().withInts(List.of(0L)).build())
                    .build())
            .build();
    try {
      ResourceSlice answer = client.resource(slice).dryRun().create();
      return has(
          answer.getSpec().getDevices(),
          "lists",
          d ->
              d.getAttributes() != null
                  && d.getAttributes().get("probe") != null
                  && d.getAttributes().get("probe").getInts() != null
                  && !d.getAttributes().get("probe").getInts().isEmpty());
    } catch (KubernetesClientException e) {
      if (e.getCode() == 422) {
        log.debug("probe slice with a list attribute refused: {}", e.getMessage());
        return false;
      }
      throw e;
    }
  }

  private static boolean has(List<Device> devices, String name, Predicate<Device> kept) {
    return devices != null && devices.stream().filter(d -> name.equals(d.getName())).anyMatch(kept);
  }

  /** The server's answer, or empty when it refuses the slice as invalid (422). */
  private Optional<ResourceSlice> dryRun(boolean countersBeside) {
    try {
      return Optional.of(client.resource(slice(countersBeside)).dryRun().create());
    } catch (KubernetesClientException e) {
      if (e.getCode() == 422) {
        log.debug(
            "probe slice (counters beside devices: {}) refused: {}",
            countersBeside,
            e.getMessage());
        return Optional.empty();
      }
      throw e;
    }
  }

  private ResourceSlice slice(boolean countersBeside) {
    ResourceSliceBuilder slice = probe("-probe", taints(), capacity(), counters(), binding());
    ResourceSlice built = slice.build();
    if (countersBeside) {
      built
          .getSpec()
          .setSharedCounters(
              List.of(new CounterSet(Map.of("memory", new Counter(ONE)), COUNTER_SET)));
    }
    return built;
  }

  /** A slice of this node's pool, never stored: its name ends with {@code suffix}. */
  private ResourceSliceBuilder probe(String suffix, Device... devices) {
    return new ResourceSliceBuilder()
        .withNewMetadata()
        .withName(node + "-" + driver + suffix)
        .endMetadata()
        .withNewSpec()
        .withDriver(driver)
        .withNodeName(node)
        .withNewPool()
        .withName(node)
        .withGeneration(1L)
        .withResourceSliceCount(1L)
        .endPool()
        .withDevices(devices)
        .endSpec();
  }

  private static Device taints() {
    return new DeviceBuilder()
        .withName("taints")
        .addNewTaint()
        .withKey("gpu-dra.dev/probe")
        .withEffect("NoSchedule")
        .endTaint()
        .build();
  }

  private static Device binding() {
    return new DeviceBuilder()
        .withName("binding")
        .withBindingConditions("gpu-dra.dev/probe-ready")
        .withBindingFailureConditions("gpu-dra.dev/probe-failed")
        .build();
  }

  private static Device capacity() {
    return new DeviceBuilder()
        .withName("capacity")
        .withAllowMultipleAllocations(true)
        .addToCapacity("memory", new DeviceCapacity(null, ONE))
        .build();
  }

  /** Consumes the probe's counter set, in compatibility group {@code probe}. */
  private static Device counters() {
    DeviceCounterConsumption consumption =
        new DeviceCounterConsumption(COUNTER_SET, Map.of("memory", new Counter(ONE)));
    consumption.setAdditionalProperty(GROUPS, List.of("probe"));
    return new DeviceBuilder().withName("counters").withConsumesCounters(consumption).build();
  }

  private static boolean hasGroups(Device device) {
    return device.getConsumesCounters() != null
        && device.getConsumesCounters().stream()
            .anyMatch(
                c -> c.getAdditionalProperties().get(GROUPS) instanceof List<?> l && !l.isEmpty());
  }
}
