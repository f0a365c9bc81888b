package dev.gpudra.localcluster.validation;

import io.fabric8.kubernetes.api.model.resource.v1beta2.DeviceTaint;
import io.fabric8.kubernetes.api.model.resource.v1beta2.DeviceTaintRule;
import io.fabric8.kubernetes.api.model.resource.v1beta2.DeviceTaintRuleSpec;
import io.fabric8.kubernetes.api.model.resource.v1beta2.DeviceTaintSelector;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * DeviceTaintRule (resource.k8s.io/v1, Kubernetes 1.37): the selector's driver, pool and device
 * names, and the taint. On update the effect is checked only when it changed (a stored rule may
 * have an effect a newer server added); the status, written through {@code /status}, has at most 8
 * valid conditions. Read through fabric8's v1beta2 model, which has the same fields (7.7 has no v1
 * one).
 */
final class DeviceTaintRuleValidator implements ObjectValidator<DeviceTaintRule> {
  static final int MAX_CONDITIONS = 8;

  @Override
  public List<FieldError> validate(DeviceTaintRule rule) {
    return validate(rule, null);
  }

  @Override
  public List<FieldError> validateUpdate(DeviceTaintRule updated, DeviceTaintRule old) {
    List<FieldError> errors = new ArrayList<>(validate(updated, old.getSpec()));
    if (updated.getStatus() != null) {
      errors.addAll(
          ConditionRules.conditions(
              updated.getStatus().getConditions(),
              MAX_CONDITIONS,
              FieldPath.of("status").child("conditions")));
    }
    return errors;
  }

  private static List<FieldError> validate(DeviceTaintRule rule, DeviceTaintRuleSpec old) {
    List<FieldError> errors = new ArrayList<>(ObjectNames.dnsSubdomain(rule.getMetadata()));
    DeviceTaintRuleSpec spec = rule.getSpec() == null ? new DeviceTaintRuleSpec() : rule.getSpec();
    FieldPath path = FieldPath.of("spec");
    errors.addAll(selector(spec.getDeviceSelector(), path.child("deviceSelector")));
    DeviceTaint taint = spec.getTaint() == null ? new DeviceTaint() : spec.getTaint();
    String oldEffect = old == null || old.getTaint() == null ? null : old.getTaint().getEffect();
    errors.addAll(taint(taint, oldEffect, path.child("taint")));
    return errors;
  }

  private static List<FieldError> selector(DeviceTaintSelector selector, FieldPath path) {
    if (selector == null) {
      return List.of();
    }
    List<FieldError> errors = new ArrayList<>();
    if (selector.getDriver() != null) {
      errors.addAll(NameRules.driverName(selector.getDriver(), path.child("driver")));
    }
    if (selector.getPool() != null) {
      errors.addAll(NameRules.poolName(selector.getPool(), path.child("pool")));
    }
    if (selector.getDevice() != null) {
      errors.addAll(NameRules.dnsLabel(selector.getDevice(), path.child("device")));
    }
    return errors;
  }

  private static List<FieldError> taint(DeviceTaint taint, String oldEffect, FieldPath path) {
    List<FieldError> errors =
        new ArrayList<>(NameRules.labelKey(taint.getKey(), path.child("key")));
    errors.addAll(NameRules.labelValue(taint.getValue(), path.child("value")));
    String effect = taint.getEffect();
    if (oldEffect != null && Objects.equals(oldEffect, effect)) {
      return errors;
    }
    if (effect == null || effect.isEmpty()) {
      errors.add(FieldError.required(path.child("effect"), ""));
    } else if (!DeviceRules.TAINT_EFFECTS.contains(effect)) {
      errors.add(FieldError.unsupported(path.child("effect"), effect, DeviceRules.TAINT_EFFECTS));
    }
    return errors;
  }
}
