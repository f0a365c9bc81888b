package dev.gpudra.controllerkit.leaderelection;

import io.fabric8.kubernetes.api.model.authorization.v1.SelfSubjectAccessReview;
import io.fabric8.kubernetes.api.model.authorization.v1.SelfSubjectAccessReviewBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Whether the API server lets this process do to its Lease what leader election does: one {@code
 * SelfSubjectAccessReview} per verb. java-operator-sdk's own check asks for {@code get}, {@code
 * create} and {@code update}, but fabric8's {@code LeaseLock} renews with {@code patch}: a role
 * without it passes that check, leads once and then fails every renewal.
 */
public final class LeaseAccess {
  /** What fabric8's {@code LeaseLock} sends: it reads, creates, and renews by patching. */
  public static final List<String> VERBS = List.of("get", "create", "patch");

  private final KubernetesClient client;
  private final LeaseElection lease;

  public LeaseAccess(KubernetesClient client, LeaseElection lease) {
    this.client = Objects.requireNonNull(client, "client");
    this.lease = Objects.requireNonNull(lease, "lease");
  }

  /** Asks the API server about each of {@link #VERBS}. */
  public AccessVerdict check() {
    List<String> denied = new ArrayList<>();
    for (String verb : VERBS) {
      try {
        SelfSubjectAccessReview answer =
            client.authorization().v1().selfSubjectAccessReview().create(review(verb));
        if (answer.getStatus() == null || answer.getStatus().getAllowed() == null) {
          return new AccessVerdict.Unknown(
              "the API server answered a SelfSubjectAccessReview for "
                  + verb
                  + " without a decision");
        }
        if (!answer.getStatus().getAllowed()) {
          denied.add(verb);
        }
      } catch (KubernetesClientException e) {
        return new AccessVerdict.Unknown(
            "cannot ask the API server whether this process may "
                + verb
                + " its "
                + lease.describe()
                + " (HTTP "
                + e.getCode()
                + "): "
                + e.getMessage());
      }
    }
    return denied.isEmpty() ? new AccessVerdict.Allowed() : new AccessVerdict.Denied(denied, lease);
  }

  private SelfSubjectAccessReview review(String verb) {
    return new SelfSubjectAccessReviewBuilder()
        .withNewSpec()
        .withNewResourceAttributes()
        .withGroup("coordination.k8s.io")
        .withResource("leases")
        .withNamespace(lease.namespace())
        .withName(verb.equals("create") ? null : lease.name())
        .withVerb(verb)
        .endResourceAttributes()
        .endSpec()
        .build();
  }
}
