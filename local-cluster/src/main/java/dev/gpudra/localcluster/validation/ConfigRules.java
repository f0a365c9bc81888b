package dev.gpudra.localcluster.validation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gpudra.allocator.cel.DeviceSelectorEnv;
import dev.gpudra.allocator.cel.SelectorCompileException;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceSelector;
import io.fabric8.kubernetes.api.model.resource.v1.OpaqueDeviceConfiguration;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * CEL selectors (compiled, as the API server does) and opaque driver configuration, shared by
 * classes and claims.
 */
final class ConfigRules {
  static final int MAX_SELECTORS = 32;
  static final int MAX_CONFIGS = 32;
  static final int MAX_CEL_LENGTH = 10240;
  static final int MAX_PARAMETERS_BYTES = 10240;

  private final ObjectMapper json;
  private final DeviceSelectorEnv cel;

  ConfigRules(ObjectMapper json, DeviceSelectorEnv cel) {
    this.json = json;
    this.cel = cel;
  }

  List<FieldError> selectors(List<DeviceSelector> selectors, FieldPath path) {
    return ListRules.each(selectors, MAX_SELECTORS, path, this::selector);
  }

  private List<FieldError> selector(DeviceSelector selector, FieldPath path) {
    if (selector.getCel() == null) {
      return List.of(FieldError.required(path.child("cel"), ""));
    }
    FieldPath expression = path.child("cel").child("expression");
    String text =
        selector.getCel().getExpression() == null ? "" : selector.getCel().getExpression();
    if (AttributeRules.bytes(text) > MAX_CEL_LENGTH) {
      return List.of(FieldError.tooLong(expression, MAX_CEL_LENGTH));
    }
    try {
      cel.compile(text);
      return List.of();
    } catch (SelectorCompileException e) {
      return List.of(FieldError.invalid(expression, text, e.getMessage()));
    }
  }

  /** {@code opaque} is required; its driver has driver-name format; parameters a JSON object. */
  List<FieldError> opaque(OpaqueDeviceConfiguration opaque, FieldPath path) {
    if (opaque == null) {
      return List.of(FieldError.required(path.child("opaque"), ""));
    }
    FieldPath at = path.child("opaque");
    List<FieldError> errors =
        new ArrayList<>(NameRules.driverName(opaque.getDriver(), at.child("driver")));
    Object parameters = opaque.getParameters();
    FieldPath params = at.child("parameters");
    if (parameters == null) {
      errors.add(FieldError.required(params, ""));
    } else if (!json.valueToTree(parameters).isObject()) {
      // an object with apiVersion and kind may arrive as a GenericKubernetesResource, not a Map
      errors.add(FieldError.invalid(params, "<value omitted>", "must be a valid JSON object"));
    } else if (size(parameters) > MAX_PARAMETERS_BYTES) {
      errors.add(FieldError.tooLong(params, MAX_PARAMETERS_BYTES));
    }
    return errors;
  }

  private int size(Object parameters) {
    try {
      return json.writeValueAsString(parameters).getBytes(StandardCharsets.UTF_8).length;
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("parameters are not serialisable", e);
    }
  }
}
