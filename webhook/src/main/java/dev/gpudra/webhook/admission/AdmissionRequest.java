package dev.gpudra.webhook.admission;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.util.Objects;

/**
 * What of a review's {@code request} the webhook reads.
 *
 * @param uid echoed in the response
 * @param resource the resource the request is for
 * @param subResource empty for the object itself
 * @param operation {@code CREATE}, {@code UPDATE}, {@code DELETE} or {@code CONNECT}
 * @param namespace the object's namespace, for the log
 * @param name the object's name, for the log (empty for a generated name)
 * @param object the object after the request; {@link MissingNode} when absent
 * @param oldObject the object before an UPDATE; {@link MissingNode} when absent
 */
public record AdmissionRequest(
    String uid,
    ResourceRef resource,
    String subResource,
    String operation,
    String namespace,
    String name,
    JsonNode object,
    JsonNode oldObject) {

  public AdmissionRequest {
    Objects.requireNonNull(uid, "uid");
    Objects.requireNonNull(resource, "resource");
    object = object == null ? MissingNode.getInstance() : object;
    oldObject = oldObject == null ? MissingNode.getInstance() : oldObject;
  }

  /** {@code namespace/name} as the log names the object. */
  public String describe() {
    return namespace + "/" + name;
  }
}
