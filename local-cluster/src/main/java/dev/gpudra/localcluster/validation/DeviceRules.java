package dev.gpudra.localcluster.validation;

import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttribute;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceCapacity;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceTaint;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** One device of a ResourceSlice. */
final class DeviceRules {
  static final int MAX_ATTRIBUTES_AND_CAPACITIES = 32;
  static final int MAX_TAINTS = 16;
  static final List<String> TAINT_EFFECTS = List.of("NoExecute", "NoSchedule", "None");

  private DeviceRules() {}

  static List<FieldError> device(Device device, FieldPath path, boolean perDeviceNodes) {
    List<FieldError> errors =
        new ArrayList<>(NameRules.dnsLabel(device.getName(), path.child("name")));
    errors.addAll(attributesAndCapacity(device, path));
    errors.addAll(
        ListRules.each(device.getTaints(), MAX_TAINTS, path.child("taints"), DeviceRules::taint));
    errors.addAll(CounterRules.consumptions(device.getConsumesCounters(), path));
    errors.addAll(NodeSelection.forDevice(device, path, perDeviceNodes));
    errors.addAll(
        BindingRules.conditions(
            device.getBindingConditions(), device.getBindingFailureConditions(), path));
    return errors;
  }

  /** Too many entries (combined) is reported once on the device, and its entries are skipped. */
  private static List<FieldError> attributesAndCapacity(Device device, FieldPath path) {
    Map<String, DeviceAttribute> attributes =
        device.getAttributes() == null ? Map.of() : device.getAttributes();
    Map<String, DeviceCapacity> capacity =
        device.getCapacity() == null ? Map.of() : device.getCapacity();
    int combined = attributes.size() + capacity.size();
    if (combined > MAX_ATTRIBUTES_AND_CAPACITIES) {
      return List.of(
          FieldError.invalid(
              path,
              combined,
              "the total number of attributes and capacities must not exceed "
                  + MAX_ATTRIBUTES_AND_CAPACITIES));
    }
    List<FieldError> errors = new ArrayList<>();
    // Kubernetes 1.37 (declarative validation) reports a bad name at the map, its value at the key
    attributes.forEach((key, value) -> {
      FieldPath at = path.child("attributes").key(key);
      errors.addAll(AttributeRules.qualifiedName(key, path.child("attributes")));
      errors.addAll(AttributeRules.value(value, at));
    });
    capacity.forEach((key, value) -> {
      FieldPath at = path.child("capacity").key(key);
      errors.addAll(AttributeRules.qualifiedName(key, path.child("capacity")));
      if (value == null || value.getValue() == null) {
        errors.add(FieldError.required(at.child("value"), ""));
      }
    });
    return errors;
  }

  static List<FieldError> taint(DeviceTaint taint, FieldPath path) {
    List<FieldError> errors =
        new ArrayList<>(NameRules.labelKey(taint.getKey(), path.child("key")));
    errors.addAll(NameRules.labelValue(taint.getValue(), path.child("value")));
    String effect = taint.getEffect();
    if (effect == null || effect.isEmpty()) {
      errors.add(FieldError.required(path.child("effect"), ""));
    } else if (!TAINT_EFFECTS.contains(effect)) {
      errors.add(FieldError.unsupported(path.child("effect"), effect, TAINT_EFFECTS));
    }
    return errors;
  }

  static boolean usesTaintsOrCounters(Device device) {
    return ListRules.size(device.getTaints()) > 0
        || ListRules.size(device.getConsumesCounters()) > 0;
  }
}
