package dev.gpudra.computedomain.prepare;

import dev.gpudra.api.computedomain.ComputeDomain;
import dev.gpudra.computedomain.clique.NodeClique;
import dev.gpudra.computedomain.imex.ImexConfigFile;
import dev.gpudra.computedomain.node.ImexDevices;
import dev.gpudra.kit.cdi.ContainerEdits;
import dev.gpudra.kit.cdi.DeviceNode;
import dev.gpudra.kit.cdi.Mount;
import dev.gpudra.kit.files.DurableFile;
import dev.gpudra.kit.names.KubeNames;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Prepares a domain daemon's claim as NVIDIA's plugin does: the domain's directory {@code
 * <plugins>/compute-domain.nvidia.com/domains/<uid>/} with the IMEX config template, bind-mounted
 * at {@code /imexd}; the daemon's environment ({@code CLIQUE_ID}, {@code COMPUTE_DOMAIN_UUID},
 * {@code COMPUTE_DOMAIN_NAME}, {@code COMPUTE_DOMAIN_NAMESPACE}); the {@code fabric-imex-mgmt}
 * capability when the node is in a clique.
 */
public final class DaemonPrep implements TargetPrep {
  static final List<String> MOUNT_OPTIONS = List.of("rw", "nosuid", "nodev", "bind");

  private final DomainApi api;
  private final Path domainsDir;
  private final ImexDevices devices;
  private final NodeClique clique;

  /**
   * @param domainsDir {@code <plugins>/compute-domain.nvidia.com/domains}, the same path on the
   *     host
   */
  public DaemonPrep(DomainApi api, Path domainsDir, ImexDevices devices, NodeClique clique) {
    this.api = Objects.requireNonNull(api, "api");
    this.domainsDir = Objects.requireNonNull(domainsDir, "domainsDir");
    this.devices = Objects.requireNonNull(devices, "devices");
    this.clique = Objects.requireNonNull(clique, "clique");
  }

  /**
   * @throws DomainClaimException when the domain does not exist or its directory cannot be written
   */
  @Override
  public ContainerEdits prepare(DomainRequest request) {
    ComputeDomain domain =
        api.findAnywhere(request.domainId())
            .orElseThrow(() ->
                new DomainClaimException(
                    "claim "
                        + request.claim()
                        + ": no ComputeDomain with UID "
                        + request.domainId()
                        + " (domainID of its ComputeDomainDaemonConfig) exists"));
    Path dir = writeTemplate(request);
    String cliqueId = clique.current();
    List<String> env =
        List.of(
            "CLIQUE_ID=" + cliqueId,
            "COMPUTE_DOMAIN_UUID=" + request.domainId(),
            "COMPUTE_DOMAIN_NAME=" + domain.getMetadata().getName(),
            "COMPUTE_DOMAIN_NAMESPACE=" + domain.getMetadata().getNamespace());
    List<DeviceNode> nodes = cliqueId.isEmpty() ? List.of() : List.of(devices.fabricManagement());
    Mount imexd = new Mount(dir.toString(), ImexConfigFile.DIR, MOUNT_OPTIONS, "bind");
    return new ContainerEdits(env, nodes, List.of(imexd), List.of());
  }

  /** The domain's directory, of a domain whose daemon claim may still be prepared here. */
  public Path dir(String domainUid) {
    return domainsDir.resolve(domainUid);
  }

  private Path writeTemplate(DomainRequest request) {
    if (!KubeNames.isUuid(request.domainId())) { // DomainRequests refuses it first; never a path
      throw new DomainClaimException(
          "claim "
              + request.claim()
              + ": domainID "
              + KubeNames.uuidProblem(request.domainId()).orElseThrow());
    }
    Path dir = dir(request.domainId());
    try {
      Files.createDirectories(dir);
      DurableFile.replace(
          dir.resolve(ImexConfigFile.TEMPLATE),
          ImexConfigFile.template().getBytes(StandardCharsets.UTF_8),
          DurableFile.WORLD_READABLE);
      return dir;
    } catch (IOException e) {
      throw new DomainClaimException(
          "claim " + request.claim() + ": cannot write the IMEX config template in " + dir, e);
    }
  }
}
