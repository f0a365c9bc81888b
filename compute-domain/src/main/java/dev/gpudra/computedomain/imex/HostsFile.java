package dev.gpudra.computedomain.imex;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The daemon's {@code /etc/hosts}: what the pod's runtime wrote, then a block under {@code #
 * Compute Domain Daemon mappings} with {@code <ip>\t<dns name>} for each daemon of the clique,
 * rewritten whole on every membership change.
 */
public final class HostsFile {
  static final String MARKER = "# Compute Domain Daemon mappings";

  private HostsFile() {}

  /**
   * @param current the file as it is
   * @param addresses the clique's daemons' IP addresses by index
   * @return the file with the block replaced (the lines before it kept as they are)
   */
  public static String withMappings(String current, Map<Integer, String> addresses) {
    List<String> kept = new ArrayList<>();
    for (String line : current.split("\n", -1)) {
      if (line.equals(MARKER)) {
        break;
      }
      kept.add(line);
    }
    while (!kept.isEmpty() && kept.getLast().isEmpty()) {
      kept.removeLast();
    }
    StringBuilder out = new StringBuilder();
    kept.forEach(l -> out.append(l).append('\n'));
    out.append(MARKER).append('\n');
    new TreeMap<>(addresses)
        .forEach((index, ip) ->
            out.append(ip).append('\t').append(NodesConfig.dnsName(index)).append('\n'));
    return out.toString();
  }
}
