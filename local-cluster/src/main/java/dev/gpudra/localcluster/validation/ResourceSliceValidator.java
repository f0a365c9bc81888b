package dev.gpudra.localcluster.validation;

import io.fabric8.kubernetes.api.model.resource.v1.CounterSet;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.ResourcePool;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** ResourceSlice (§4.1): driver, pool, node selection, devices and counter sets. */
public final class ResourceSliceValidator implements ObjectValidator<ResourceSlice> {
  static final int MAX_DEVICES = 128;
  static final int MAX_DEVICES_WITH_TAINTS_OR_COUNTERS = 64;
  static final int MAX_COUNTER_SETS = 8;
  static final int MAX_COUNTERS = 32;

  @Override
  public List<FieldError> validate(ResourceSlice slice) {
    List<FieldError> errors = new ArrayList<>(ObjectNames.dnsSubdomain(slice.getMetadata()));
    // a missing spec or pool is validated as empty, as the API server's structs are
    ResourceSliceSpec spec = slice.getSpec() == null ? new ResourceSliceSpec() : slice.getSpec();
    FieldPath path = FieldPath.of("spec");
    errors.addAll(NameRules.driverName(spec.getDriver(), path.child("driver")));
    errors.addAll(pool(spec.getPool(), path.child("pool")));
    errors.addAll(NodeSelection.forSlice(spec, path));
    errors.addAll(devices(spec.getDevices(), ListRules.isTrue(spec.getPerDeviceNodeSelection())));
    errors.addAll(
        ListRules.each(
            spec.getSharedCounters(),
            MAX_COUNTER_SETS,
            path.child("sharedCounters"),
            ResourceSliceValidator::counterSet));
    if (ListRules.size(spec.getSharedCounters()) > 0 && ListRules.size(spec.getDevices()) > 0) {
      errors.add(
          FieldError.invalid(path, "", "only one of `sharedCounters` or `devices` is allowed"));
    }
    errors.addAll(
        ListRules.unique(
            spec.getSharedCounters(), path.child("sharedCounters"), CounterSet::getName));
    return errors;
  }

  /** Driver, pool name and node name are immutable. */
  @Override
  public List<FieldError> validateUpdate(ResourceSlice updated, ResourceSlice old) {
    List<FieldError> errors = new ArrayList<>(validate(updated));
    ResourceSliceSpec now = updated.getSpec();
    ResourceSliceSpec was = old.getSpec();
    if (now == null || was == null) {
      return errors;
    }
    FieldPath spec = FieldPath.of("spec");
    immutable(now.getDriver(), was.getDriver(), spec.child("driver"), errors);
    immutable(poolName(now), poolName(was), spec.child("pool").child("name"), errors);
    immutable(now.getNodeName(), was.getNodeName(), spec.child("nodeName"), errors);
    return errors;
  }

  private static List<FieldError> pool(ResourcePool given, FieldPath path) {
    ResourcePool pool = given == null ? new ResourcePool() : given;
    List<FieldError> errors =
        new ArrayList<>(NameRules.poolName(pool.getName(), path.child("name")));
    if (pool.getGeneration() != null && pool.getGeneration() < 0) {
      errors.add(
          FieldError.invalid(
              path.child("generation"),
              pool.getGeneration(),
              "must be greater than or equal to zero"));
    }
    long count = pool.getResourceSliceCount() == null ? 0 : pool.getResourceSliceCount();
    if (count <= 0) {
      errors.add(
          FieldError.invalid(path.child("resourceSliceCount"), count, "must be greater than zero"));
    }
    return errors;
  }

  private static List<FieldError> devices(List<Device> devices, boolean perDeviceNodes) {
    FieldPath path = FieldPath.of("spec").child("devices");
    boolean advanced =
        devices != null && devices.stream().anyMatch(DeviceRules::usesTaintsOrCounters);
    int max = advanced ? MAX_DEVICES_WITH_TAINTS_OR_COUNTERS : MAX_DEVICES;
    List<FieldError> errors =
        new ArrayList<>(
            ListRules.each(
                devices, max, path, (d, at) -> DeviceRules.device(d, at, perDeviceNodes)));
    if (ListRules.size(devices) <= max) {
      errors.addAll(ListRules.unique(devices, path, Device::getName));
    }
    return errors;
  }

  private static List<FieldError> counterSet(CounterSet set, FieldPath path) {
    List<FieldError> errors =
        new ArrayList<>(NameRules.dnsLabel(set.getName(), path.child("name")));
    int counters = set.getCounters() == null ? 0 : set.getCounters().size();
    if (counters == 0) {
      errors.add(FieldError.required(path.child("counters"), ""));
    } else if (counters > MAX_COUNTERS) {
      errors.add(FieldError.tooMany(path.child("counters"), counters, MAX_COUNTERS));
    }
    return errors;
  }

  private static String poolName(ResourceSliceSpec spec) {
    return spec.getPool() == null ? null : spec.getPool().getName();
  }

  static void immutable(Object now, Object was, FieldPath path, List<FieldError> errors) {
    if (!Objects.equals(now, was)) {
      errors.add(FieldError.invalid(path, now, "field is immutable"));
    }
  }
}
