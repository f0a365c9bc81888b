package dev.gpudra.computedomain.imex;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * {@code nodes.cfg}, the peers {@code nvidia-imex} connects to: with IMEXDaemonsWithDNSNames (the
 * default) the fixed list of every DNS name a clique can have ({@code compute-domain-daemon-%04d}),
 * resolved through {@code /etc/hosts}; without it the peers' IP addresses, rewritten (and IMEX
 * restarted) on every change.
 */
public final class NodesConfig {
  private static final String NAME_FORMAT = "compute-domain-daemon-%04d";

  private NodesConfig() {}

  /** The DNS name of the daemon with this index. */
  public static String dnsName(int index) {
    return String.format(NAME_FORMAT, index);
  }

  /** DNS-names mode: one line per possible index below {@code maxNodes}. */
  public static String dnsNames(int maxNodes) {
    return IntStream.range(0, maxNodes)
        .mapToObj(i -> dnsName(i) + "\n")
        .collect(Collectors.joining());
  }

  /** IP mode: one line per peer of the clique. */
  public static String ips(List<String> addresses) {
    return addresses.stream().map(a -> a + "\n").collect(Collectors.joining());
  }
}
