package dev.gpudra.api.computedomain;

/**
 * One daemon of a clique, as it registered itself.
 *
 * @param nodeName its node
 * @param ipAddress its pod's IP
 * @param cliqueID the clique
 * @param index the lowest index free when it joined (below the per-domain node limit)
 * @param status whether its IMEX daemon is ready
 */
public record ComputeDomainDaemon(
    String nodeName, String ipAddress, String cliqueID, int index, DomainStatus status) {}
