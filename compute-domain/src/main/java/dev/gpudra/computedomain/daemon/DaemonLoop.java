package dev.gpudra.computedomain.daemon;

import dev.gpudra.api.computedomain.DomainStatus;
import dev.gpudra.computedomain.clique.CliqueMembership;
import dev.gpudra.computedomain.imex.HostsFile;
import dev.gpudra.computedomain.imex.ImexConfigFile;
import dev.gpudra.computedomain.imex.ImexProcess;
import dev.gpudra.computedomain.imex.NodesConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the daemon does after it joined its clique, one {@link #pass} at a time: the clique's
 * addresses into {@code /etc/hosts} (DNS-names mode) or {@code nodes.cfg} (IP mode), {@code
 * nvidia-imex} kept running (SIGUSR1 when the DNS names' addresses changed under a running one; a
 * restart in IP mode), and this daemon's entry Ready or NotReady as its pod is.
 */
public final class DaemonLoop {
  private static final Logger log = LoggerFactory.getLogger(DaemonLoop.class);

  private final DaemonFiles files;
  private final CliqueMembership membership;
  private final ImexProcess imex;
  private final BooleanSupplier podReady;
  private Map<Integer, String> peers;
  private DomainStatus status;

  /**
   * @param podReady whether this daemon's pod is Ready (its readiness probe, {@code check})
   */
  public DaemonLoop(
      DaemonFiles files, CliqueMembership membership, ImexProcess imex, BooleanSupplier podReady) {
    this.files = Objects.requireNonNull(files, "files");
    this.membership = Objects.requireNonNull(membership, "membership");
    this.imex = Objects.requireNonNull(imex, "imex");
    this.podReady = Objects.requireNonNull(podReady, "podReady");
  }

  /**
   * Renders {@code imexd.cfg} from the template with the pod's IP, and in DNS-names mode writes the
   * fixed {@code nodes.cfg}.
   */
  public void prepare(String podIp) {
    Path template = files.imexd().resolve(ImexConfigFile.TEMPLATE);
    write(
        files.imexd().resolve(ImexConfigFile.CONFIG),
        ImexConfigFile.render(read(template), podIp, files.imexd().resolve(ImexConfigFile.NODES)));
    if (files.dnsNames()) {
      write(files.imexd().resolve(ImexConfigFile.NODES), NodesConfig.dnsNames(files.maxNodes()));
    }
  }

  /** One look at the clique, IMEX and the pod. */
  public void pass() {
    Map<Integer, String> now = membership.peers();
    boolean changed = !now.equals(peers);
    if (changed) {
      writePeers(now);
    }
    boolean started = imex.ensureRunning();
    if (changed && peers != null && !started) {
      if (files.dnsNames()) {
        imex.reResolve();
      } else {
        imex.close(); // IP mode: a new nodes.cfg needs a new process
        imex.ensureRunning();
      }
    }
    peers = now;
    DomainStatus ready = podReady.getAsBoolean() ? DomainStatus.READY : DomainStatus.NOT_READY;
    if (ready != status) {
      membership.status(ready);
      log.info("daemon status in the clique: {}", ready.value());
      status = ready;
    }
  }

  private void writePeers(Map<Integer, String> now) {
    if (files.dnsNames()) {
      write(files.etcHosts(), HostsFile.withMappings(read(files.etcHosts()), now));
    } else {
      write(
          files.imexd().resolve(ImexConfigFile.NODES), NodesConfig.ips(List.copyOf(now.values())));
    }
    log.info("clique members now {}", now);
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }

  private static void write(Path file, String content) {
    try {
      Files.writeString(file, content);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }
}
