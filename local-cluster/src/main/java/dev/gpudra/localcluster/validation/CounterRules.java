package dev.gpudra.localcluster.validation;

import io.fabric8.kubernetes.api.model.resource.v1.DeviceCounterConsumption;
import java.util.ArrayList;
import java.util.List;

/**
 * A device's {@code consumesCounters} (DRAPartitionableDevices): at most 2 entries, one per counter
 * set, each naming its set and at least one counter, and at most 2 compatibility groups
 * (DRADeviceCompatibilityGroups, alpha in 1.37), each a DNS label, no repeats. The groups follow
 * 1.37's declarative validation: too many is reported alone.
 */
final class CounterRules {
  static final int MAX_CONSUMPTIONS = 2;
  static final int MAX_COUNTERS = 32;
  static final int MAX_GROUPS = 2;
  static final String GROUPS = "compatibilityGroups";

  private CounterRules() {}

  static List<FieldError> consumptions(List<DeviceCounterConsumption> list, FieldPath path) {
    FieldPath at = path.child("consumesCounters");
    List<FieldError> errors =
        new ArrayList<>(ListRules.each(list, MAX_CONSUMPTIONS, at, CounterRules::consumption));
    if (ListRules.size(list) <= MAX_CONSUMPTIONS) {
      errors.addAll(ListRules.unique(list, at, DeviceCounterConsumption::getCounterSet));
    }
    return errors;
  }

  private static List<FieldError> consumption(DeviceCounterConsumption c, FieldPath path) {
    List<FieldError> errors =
        new ArrayList<>(NameRules.dnsLabel(c.getCounterSet(), path.child("counterSet")));
    int counters = c.getCounters() == null ? 0 : c.getCounters().size();
    if (counters == 0) {
      errors.add(FieldError.required(path.child("counters"), ""));
    } else if (counters > MAX_COUNTERS) {
      errors.add(FieldError.tooMany(path.child("counters"), counters, MAX_COUNTERS));
    }
    errors.addAll(groups(c.getAdditionalProperties().get(GROUPS), path.child(GROUPS)));
    return errors;
  }

  private static List<FieldError> groups(Object value, FieldPath path) {
    if (value == null) {
      return List.of();
    }
    if (!(value instanceof List<?> list)) {
      return List.of(FieldError.invalid(path, value, "must be a list of strings"));
    }
    if (list.size() > MAX_GROUPS) {
      return List.of(FieldError.tooMany(path, list.size(), MAX_GROUPS));
    }
    List<String> names = list.stream().map(String::valueOf).toList();
    List<FieldError> errors = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      errors.addAll(NameRules.shortName(names.get(i), path.index(i)));
    }
    errors.addAll(ListRules.unique(names, path, n -> n));
    return errors;
  }
}
