package dev.gpudra.localcluster.validation;

import io.fabric8.kubernetes.api.model.NodeSelector;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The one-of node selection of a slice (nodeName, nodeSelector, allNodes, per device) and of a
 * device.
 */
final class NodeSelection {
  private static final String SLICE_ONE_OF =
      "exactly one of `nodeName`, `nodeSelector`, `allNodes`, `perDeviceNodeSelection` is required";
  private static final String DEVICE_ONE_OF =
      "exactly one of `nodeName`, `nodeSelector`, or `allNodes` is required when"
          + " `perDeviceNodeSelection` is set to true in the ResourceSlice spec";

  private static final String DEVICE_NOT_PER_DEVICE =
      "`nodeName`, `nodeSelector` and `allNodes` can only be set if `perDeviceNodeSelection` is set"
          + " to true in the ResourceSlice spec";

  private NodeSelection() {}

  static List<FieldError> forSlice(ResourceSliceSpec spec, FieldPath path) {
    List<String> set = new ArrayList<>();
    List<FieldError> errors = new ArrayList<>();
    new Choice(spec.getNodeName(), spec.getNodeSelector(), spec.getAllNodes())
        .check(path, set, errors);
    if (spec.getPerDeviceNodeSelection() != null) {
      if (spec.getPerDeviceNodeSelection()) {
        set.add("perDeviceNodeSelection");
      } else {
        errors.add(
            FieldError.invalid(
                path.child("perDeviceNodeSelection"),
                false,
                "must be either unset or set to true"));
      }
    }
    errors.addAll(oneOf(set, path, SLICE_ONE_OF));
    return errors;
  }

  static List<FieldError> forDevice(Device device, FieldPath path, boolean perDeviceNodes) {
    List<String> set = new ArrayList<>();
    List<FieldError> errors = new ArrayList<>();
    new Choice(device.getNodeName(), device.getNodeSelector(), device.getAllNodes())
        .check(path, set, errors);
    if (perDeviceNodes) {
      errors.addAll(oneOf(set, path, DEVICE_ONE_OF));
    } else if (!set.isEmpty() || device.getAllNodes() != null) {
      // one error on the device, whatever is set (the fields' own checks do not run)
      return List.of(FieldError.invalid(path, null, DEVICE_NOT_PER_DEVICE));
    }
    return errors;
  }

  /** The three node fields a slice and a device share, as set on one of them. */
  private record Choice(String nodeName, NodeSelector selector, Boolean allNodes) {

    /** Adds each set field's name to {@code set} and its errors to {@code errors}. */
    void check(FieldPath path, List<String> set, List<FieldError> errors) {
      if (nodeName != null) {
        set.add("nodeName");
        errors.addAll(NameRules.dnsSubdomain(nodeName, path.child("nodeName")));
      }
      if (selector != null) {
        set.add("nodeSelector");
        int terms = ListRules.size(selector.getNodeSelectorTerms());
        if (terms != 1) {
          errors.add(
              FieldError.invalid(
                  path.child("nodeSelector").child("nodeSelectorTerms"),
                  terms,
                  "must have exactly one node selector term"));
        }
      }
      if (allNodes != null) {
        if (allNodes) {
          set.add("allNodes");
        } else {
          errors.add(
              FieldError.invalid(
                  path.child("allNodes"), false, "must be either unset or set to true"));
        }
      }
    }
  }

  private static List<FieldError> oneOf(List<String> set, FieldPath path, String detail) {
    if (set.isEmpty()) {
      return List.of(FieldError.required(path, detail));
    }
    if (set.size() > 1) {
      String fields = set.stream().map(f -> "`" + f + "`").collect(Collectors.joining(", "));
      return List.of(
          FieldError.invalid(path, "{" + fields + "}", detail + ", but multiple fields are set"));
    }
    return List.of();
  }
}
