package dev.gpudra.webhook.admission;

/** The {@code request.resource} of a review: group, version and plural resource name. */
public record ResourceRef(String group, String version, String resource) {

  /** As Kubernetes prints a GroupVersionResource: {@code resource.k8s.io/v1, Resource=pods}. */
  @Override
  public String toString() {
    String groupVersion = group.isEmpty() ? version : group + "/" + version;
    return groupVersion + ", Resource=" + resource;
  }
}
