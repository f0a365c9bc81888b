package dev.gpudra.allocator;

import io.fabric8.kubernetes.api.model.resource.v1.DeviceTaint;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The taints of a device as kube-scheduler sees them: those the driver published in the
 * ResourceSlice, then those of every DeviceTaintRule whose selector matches the device (the
 * scheduler's ResourceSlice tracker appends them), by rule name.
 */
final class DeviceTaints {
  static final DeviceTaints NONE = new DeviceTaints(List.of());

  private final List<TaintRule> rules;

  DeviceTaints(List<TaintRule> rules) {
    this.rules = rules.stream().sorted(Comparator.comparing(TaintRule::name)).toList();
  }

  List<AppliedTaint> of(Candidate candidate) {
    List<AppliedTaint> taints = new ArrayList<>();
    List<DeviceTaint> own = candidate.device().getTaints();
    if (own != null) {
      own.forEach(t -> taints.add(new AppliedTaint(t, Optional.empty())));
    }
    for (TaintRule rule : rules) {
      if (rule.appliesTo(candidate.id())) {
        taints.add(new AppliedTaint(rule.taint(), Optional.of(rule.name())));
      }
    }
    return taints;
  }
}
