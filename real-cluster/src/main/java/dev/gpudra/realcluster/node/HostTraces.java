package dev.gpudra.realcluster.node;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * What a real node leaves on the host outside its base directory, taken before it starts, so that
 * its close removes what it made and nothing else: the kubelet's {@code KUBE-*} iptables chains
 * (IPv4 and IPv6), the device manager's socket (its path is fixed, not under the kubelet's root
 * directory), and the CNI plugins' result cache of its pods.
 *
 * <p>Public for the suites that check a run left the host as it found it.
 *
 * @param ipv4 the IPv4 chains before
 * @param ipv6 the IPv6 chains before
 * @param deviceManagerSocket whether the device manager's socket existed before
 * @param cniResults the names in the CNI result cache before
 */
public record HostTraces(
    IptablesChains ipv4, IptablesChains ipv6, boolean deviceManagerSocket, Set<String> cniResults) {
  static final Path DEVICE_MANAGER_SOCKET = Path.of("/var/lib/kubelet/device-plugins/kubelet.sock");
  static final Path CNI_RESULTS = Path.of("/var/lib/cni/results");

  public HostTraces {
    cniResults = Set.copyOf(cniResults);
  }

  /** The host as it is now. */
  public static HostTraces take() {
    return new HostTraces(
        IptablesChains.of("iptables"),
        IptablesChains.of("ip6tables"),
        Files.exists(DEVICE_MANAGER_SOCKET),
        names(CNI_RESULTS));
  }

  /** Removes what appeared since {@link #take}; call once the node's processes are stopped. */
  void removeNew() {
    ipv4.removeAdded();
    ipv6.removeAdded();
    if (!deviceManagerSocket) {
      delete(DEVICE_MANAGER_SOCKET);
    }
    for (String name : names(CNI_RESULTS)) {
      if (!cniResults.contains(name)) {
        delete(CNI_RESULTS.resolve(name));
      }
    }
  }

  /**
   * What of the node is still on the host, one entry each; empty when {@link #removeNew} left it as
   * {@link #take} found it.
   */
  public List<String> leftSince() {
    HostTraces now = take();
    return Stream.of(
            added(ipv4.chains(), now.ipv4().chains(), "iptables "),
            added(ipv6.chains(), now.ipv6().chains(), "ip6tables "),
            !deviceManagerSocket && now.deviceManagerSocket()
                ? Stream.of(DEVICE_MANAGER_SOCKET.toString())
                : Stream.<String>empty(),
            added(cniResults, now.cniResults(), CNI_RESULTS + "/"))
        .flatMap(s -> s)
        .toList();
  }

  private static Stream<String> added(Set<String> before, Set<String> now, String prefix) {
    return now.stream().filter(n -> !before.contains(n)).map(n -> prefix + n);
  }

  private static Set<String> names(Path dir) {
    if (!Files.isDirectory(dir)) {
      return Set.of();
    }
    try (Stream<Path> files = Files.list(dir)) {
      return files
          .map(f -> f.getFileName().toString())
          .collect(TreeSet::new, Set::add, Set::addAll);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + dir, e);
    }
  }

  private static void delete(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + file, e);
    }
  }
}
