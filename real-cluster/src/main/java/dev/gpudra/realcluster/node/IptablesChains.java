package dev.gpudra.realcluster.node;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The user-defined chains of one iptables binary ({@code iptables} or {@code ip6tables}) in the
 * tables the kubelet writes, and their removal: the kubelet makes {@code KUBE-*} chains (its
 * canaries, and {@code KUBE-FIREWALL} with a DROP rule that {@code INPUT} and {@code OUTPUT} jump
 * to) and never removes them.
 *
 * @param binary {@code iptables} or {@code ip6tables}
 * @param chains {@code table/chain} of every {@code KUBE-*} chain
 */
public record IptablesChains(String binary, Set<String> chains) {
  static final List<String> TABLES = List.of("filter", "nat", "mangle");

  public IptablesChains {
    chains = Set.copyOf(chains);
  }

  /** The chains as they are now; none where the binary is missing or cannot list a table. */
  static IptablesChains of(String binary) {
    Set<String> chains = new TreeSet<>();
    for (String table : TABLES) {
      rules(binary, table).stream()
          .filter(r -> r.startsWith("-N KUBE-"))
          .forEach(r -> chains.add(table + "/" + r.substring(3).strip()));
    }
    return new IptablesChains(binary, chains);
  }

  /** Removes every chain that is here now and was not when this was taken, with its jumps. */
  void removeAdded() {
    for (String chain : of(binary).chains()) {
      if (!chains.contains(chain)) {
        String[] parts = chain.split("/", 2);
        remove(parts[0], parts[1]);
      }
    }
  }

  private void remove(String table, String chain) {
    for (String rule : rules(binary, table)) {
      List<String> words = RuleWords.split(rule);
      int jump = words.indexOf("-j");
      if (words.size() > 1
          && words.get(0).equals("-A")
          && jump > 0
          && jump + 1 < words.size()
          && words.get(jump + 1).equals(chain)) {
        List<String> delete = new ArrayList<>(List.of(binary, "-w", "-t", table, "-D"));
        delete.addAll(words.subList(1, words.size()));
        Processes.tryRun(delete);
      }
    }
    Processes.tryRun(List.of(binary, "-w", "-t", table, "-F", chain));
    Processes.tryRun(List.of(binary, "-w", "-t", table, "-X", chain));
  }

  private static List<String> rules(String binary, String table) {
    try {
      return Processes.run(List.of(binary, "-w", "-t", table, "-S")).lines().toList();
    } catch (RealNodeStartException e) {
      return List.of(); // no such binary or table on this machine: nothing of it to remove
    }
  }
}
