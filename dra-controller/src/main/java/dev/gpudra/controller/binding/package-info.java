/**
 * ComputeDomainBindingConditions (KEP-5007): for each of a domain's channel claims that
 * kube-scheduler holds in PreBind, the controller labels the channel's node with the domain (which
 * brings the domain's IMEX daemon there) and sets the binding condition once that daemon is ready,
 * or the failure condition when the node serves another domain.
 */
package dev.gpudra.controller.binding;
