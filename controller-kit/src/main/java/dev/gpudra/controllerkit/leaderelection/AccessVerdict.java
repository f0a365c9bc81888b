package dev.gpudra.controllerkit.leaderelection;

import java.util.List;

/** What the API server said about this process's access to its Lease. */
public sealed interface AccessVerdict {
  /** Every verb leader election needs is allowed. */
  record Allowed() implements AccessVerdict {}

  /**
   * Some verbs are denied: leader election cannot work.
   *
   * @param verbs the denied verbs, in {@link LeaseAccess#VERBS}' order
   * @param lease the Lease they were asked for
   */
  record Denied(List<String> verbs, LeaseElection lease) implements AccessVerdict {
    public Denied {
      verbs = List.copyOf(verbs);
    }

    /** What an admin reads: which verbs, on what, and what to grant. */
    public String message() {
      return "leader election cannot work: RBAC denies this process's service account "
          + String.join(", ", verbs)
          + " on leases.coordination.k8s.io (its "
          + lease.describe()
          + "); it reads its Lease with get, takes it with create and renews it with patch, so"
          + " grant get, create and patch on leases in that namespace (the chart's Role does)";
    }
  }

  /**
   * The API server could not be asked (it does not serve {@code SelfSubjectAccessReview}, or the
   * request failed): nothing is concluded.
   *
   * @param reason why
   */
  record Unknown(String reason) implements AccessVerdict {}
}
