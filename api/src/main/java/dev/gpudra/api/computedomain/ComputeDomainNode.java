package dev.gpudra.api.computedomain;

/**
 * One node of a domain, in its status.
 *
 * @param name the node
 * @param ipAddress its daemon pod's IP
 * @param cliqueID {@code <cluster UUID>.<clique ID>} of its GPUs' NVLink fabric, empty off fabric
 * @param index its place in the clique (its IMEX DNS name), -1 off fabric
 * @param status whether its IMEX daemon is ready
 */
public record ComputeDomainNode(
    String name, String ipAddress, String cliqueID, int index, DomainStatus status) {}
