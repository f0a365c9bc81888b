package dev.gpudra.demo;

import dev.gpudra.allocator.CandidateExplanation;
import dev.gpudra.allocator.CandidateOutcome;
import dev.gpudra.allocator.FailureReason;
import dev.gpudra.allocator.RequestExplanation;
import dev.gpudra.allocator.Unsatisfiable;
import dev.gpudra.localcluster.scheduler.PlacementDecision.FitsNowhere;
import dev.gpudra.localcluster.scheduler.PlacementDecision.NodeMiss;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Why a pod fits no node, in a few lines: each distinct reason the nodes gave once, with the nodes
 * that gave it (too few devices for a request: one line, with how many each node has); then each
 * distinct reason a device that the request selected was still turned down (a taint, another claim
 * holding it, its counters or capacity used up), with those devices. A device that the selectors do
 * not pick is left out: how many "match" says how many remain.
 *
 * <pre>
 * not-enough-devices: request gpu: 1 needed, 0 match on gpu-node-{1,2,3,4,5,6,dp}
 * taint gpu.nvidia.com/xid=79:NoSchedule is not tolerated by request gpu: gpu-node-2/gpu-7
 * </pre>
 */
final class PendingReasons {
  /** At most this many lines about devices; the rest, two or more, are counted in one more line. */
  static final int MAX_DEVICE_LINES = 4;

  /** At most this many names on a line; the rest are counted. */
  static final int MAX_NAMES = 8;

  /** Outcomes that only say the device is not what the request selects, or that it is usable. */
  private static final Set<CandidateOutcome> UNREMARKABLE =
      Set.of(
          CandidateOutcome.CHOSEN,
          CandidateOutcome.MATCHED,
          CandidateOutcome.CLASS_SELECTOR,
          CandidateOutcome.REQUEST_SELECTOR);

  private PendingReasons() {}

  static List<String> lines(FitsNowhere nowhere) {
    Map<Object, NodeGroup> byNodeReason = new LinkedHashMap<>();
    Map<String, List<String>> byDeviceReason = new LinkedHashMap<>();
    for (NodeMiss miss : nowhere.misses()) {
      Optional<RequestExplanation> tooFew = miss.outcome().flatMap(PendingReasons::tooFew);
      if (tooFew.isPresent()) {
        RequestExplanation r = tooFew.get();
        ((TooFew)
                byNodeReason.computeIfAbsent(
                    new TooFewKey(r.request(), r.needed()),
                    k -> new TooFew(r.request(), r.needed())))
            .add(r.matching(), miss.node());
      } else {
        NodeReason reason =
            new NodeReason(
                miss.outcome().map(u -> word(u.reason().name())).orElse(""), miss.reason());
        ((Same) byNodeReason.computeIfAbsent(reason, k -> new Same(reason))).add(miss.node());
      }
      miss.outcome().ifPresent(u -> devices(u, byDeviceReason));
    }
    List<String> lines = new ArrayList<>();
    byNodeReason.values().forEach(g -> lines.add(g.line()));
    int shown = 0;
    for (Map.Entry<String, List<String>> e : byDeviceReason.entrySet()) {
      if (shown == MAX_DEVICE_LINES && byDeviceReason.size() > MAX_DEVICE_LINES + 1) {
        int more = byDeviceReason.size() - shown;
        lines.add("and " + more + " more reasons about devices");
        break;
      }
      lines.add(e.getKey() + ": " + names(e.getValue()));
      shown++;
    }
    return lines;
  }

  /**
   * The request that has too few devices on the node, where that is all the node says: one request
   * (not {@code firstAvailable}'s subrequests), {@code request gpu: 3 devices match, 9 needed}.
   */
  private static Optional<RequestExplanation> tooFew(Unsatisfiable u) {
    if (u.reason() != FailureReason.NOT_ENOUGH_DEVICES) {
      return Optional.empty();
    }
    return u.explanation()
        .request(u.request())
        .filter(r -> u.message().equals("request " + r.request() + ": " + r.summary()));
  }

  /** Nodes that gave one reason, and its line. */
  private sealed interface NodeGroup permits Same, TooFew {
    String line();
  }

  /**
   * @param verdict the allocator's failure reason, as a word; empty where the allocator was not
   *     asked (the node lacks an extended resource, the claim is allocated for another node)
   * @param message the node's one line
   */
  private record NodeReason(String verdict, String message) {}

  /** Nodes that said the very same. */
  private static final class Same implements NodeGroup {
    private final NodeReason reason;
    private final List<String> nodes = new ArrayList<>();

    Same(NodeReason reason) {
      this.reason = reason;
    }

    void add(String node) {
      nodes.add(node);
    }

    @Override
    public String line() {
      return reason.verdict().isEmpty()
          ? reason.message() + " on " + names(nodes)
          : reason.verdict() + " on " + names(nodes) + ": " + reason.message();
    }
  }

  private record TooFewKey(String request, long needed) {}

  /**
   * Nodes with too few devices for one request, by how many they have: {@code not-enough-devices:
   * request gpu: 9 needed, 5 match on gpu-node-{1,2}, 0 on gpu-node-dp}.
   */
  private static final class TooFew implements NodeGroup {
    private final String request;
    private final long needed;
    private final Map<Long, List<String>> byMatching = new TreeMap<>(Comparator.reverseOrder());

    TooFew(String request, long needed) {
      this.request = request;
      this.needed = needed;
    }

    void add(long matching, String node) {
      byMatching.computeIfAbsent(matching, k -> new ArrayList<>()).add(node);
    }

    @Override
    public String line() {
      List<String> counts = new ArrayList<>();
      byMatching.forEach((matching, nodes) -> {
        String verb = !counts.isEmpty() ? "" : matching == 1 ? " matches" : " match";
        counts.add(matching + verb + " on " + names(nodes));
      });
      return word(FailureReason.NOT_ENOUGH_DEVICES.name())
          + ": request "
          + request
          + ": "
          + needed
          + " needed, "
          + String.join(", ", counts);
    }
  }

  /** The node's remarkable rejections, each device once per reason. */
  private static void devices(Unsatisfiable u, Map<String, List<String>> byReason) {
    for (RequestExplanation request : u.explanation().requests()) {
      for (CandidateExplanation c : request.candidates()) {
        if (UNREMARKABLE.contains(c.outcome())) {
          continue;
        }
        String reason = c.reason().isEmpty() ? word(c.outcome().name()) : c.reason();
        List<String> devices = byReason.computeIfAbsent(reason, k -> new ArrayList<>());
        String device = c.device().pool() + "/" + c.device().device();
        if (!devices.contains(device)) {
          devices.add(device);
        }
      }
    }
  }

  /**
   * Names that share a prefix up to their last {@code -} collapse into braces: {@code
   * gpu-node-{1,2,dp}}, {@code gpu-node-1/gpu-{0,3}}; past {@value #MAX_NAMES} names, the rest are
   * counted.
   */
  static String names(List<String> names) {
    List<String> shown = names.size() > MAX_NAMES ? names.subList(0, MAX_NAMES) : names;
    Map<String, Set<String>> byPrefix = new LinkedHashMap<>();
    for (String name : shown) {
      int dash = name.lastIndexOf('-');
      String prefix = dash < 0 ? name : name.substring(0, dash + 1);
      byPrefix
          .computeIfAbsent(prefix, k -> new LinkedHashSet<>())
          .add(dash < 0 ? "" : name.substring(dash + 1));
    }
    List<String> parts = new ArrayList<>();
    byPrefix.forEach((prefix, tails) -> {
      if (tails.size() == 1) {
        parts.add(prefix + tails.iterator().next());
      } else {
        parts.add(prefix + "{" + String.join(",", tails) + "}");
      }
    });
    String text = String.join(" ", parts);
    return names.size() > shown.size()
        ? text + " and " + (names.size() - shown.size()) + " more"
        : text;
  }

  private static String word(String enumName) {
    return enumName.toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
