package dev.gpudra.controllerkit.status;

import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.List;
import java.util.Map;

/** How a status reaches the {@code status} subresource. */
public enum StatusPatch {
  /**
   * One JSON Patch {@code add} of {@code /status}: the status there is replaced whatever it holds,
   * so a field the new status leaves out goes. For a status the controller alone writes, computed
   * whole each pass: a patch computed against a cached copy that is behind the server removes list
   * entries by index and fails ("index out of bounds").
   */
  REPLACE(PatchType.JSON) {
    @Override
    String body(KubernetesSerialization json, Object status) {
      return json.asJson(List.of(Map.of("op", "add", "path", "/status", "value", status)));
    }
  },
  /**
   * A JSON merge patch {@code {"status": ...}}: the fields the new status has are set, lists
   * replaced whole; a field it leaves out stays as the server has it.
   */
  MERGE(PatchType.JSON_MERGE) {
    @Override
    String body(KubernetesSerialization json, Object status) {
      return json.asJson(Map.of("status", status));
    }
  };

  private final PatchType type;

  StatusPatch(PatchType type) {
    this.type = type;
  }

  /** The patch's body. */
  abstract String body(KubernetesSerialization json, Object status);

  PatchContext context() {
    return PatchContext.of(type);
  }
}
