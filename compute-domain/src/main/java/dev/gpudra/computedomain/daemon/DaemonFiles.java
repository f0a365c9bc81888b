package dev.gpudra.computedomain.daemon;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Where the daemon writes.
 *
 * @param imexd the domain's directory ({@code /imexd}): the template, {@code imexd.cfg}, {@code
 *     nodes.cfg}
 * @param etcHosts the pod's {@code /etc/hosts}
 * @param dnsNames IMEXDaemonsWithDNSNames: peers by stable DNS names in {@code /etc/hosts}, else by
 *     IP in {@code nodes.cfg}
 * @param maxNodes MAX_NODES_PER_IMEX_DOMAIN
 */
public record DaemonFiles(Path imexd, Path etcHosts, boolean dnsNames, int maxNodes) {
  public DaemonFiles {
    Objects.requireNonNull(imexd, "imexd");
    Objects.requireNonNull(etcHosts, "etcHosts");
  }
}
