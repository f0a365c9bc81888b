package dev.gpudra.computedomain.prepare;

import dev.gpudra.api.computedomain.ChannelAllocationMode;
import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.api.v1beta1.ComputeDomainChannelConfig;
import dev.gpudra.api.v1beta1.ComputeDomainDaemonConfig;
import dev.gpudra.api.v1beta1.ConfigDecoder;
import dev.gpudra.api.v1beta1.DeviceConfig;
import dev.gpudra.api.v1beta1.InvalidConfigException;
import dev.gpudra.computedomain.checkpoint.DomainTarget;
import dev.gpudra.kit.names.KubeNames;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAllocationConfiguration;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.util.List;
import java.util.Optional;

/**
 * Reads a claim's {@code compute-domain.nvidia.com} device and its config, strictly: one device,
 * {@code channel-0} with a {@code ComputeDomainChannelConfig} or {@code daemon-0} with a {@code
 * ComputeDomainDaemonConfig}. Configs apply in NVIDIA's order: class entries, then claim entries,
 * the last that names the device's request (or every request) winning.
 */
public final class DomainRequests {
  public static final String CHANNEL_DEVICE = "channel-0";
  public static final String DAEMON_DEVICE = "daemon-0";

  private final String driver;
  private final ConfigDecoder decoder = new ConfigDecoder(ConfigDecoder.COMPUTE_DOMAIN_KINDS);
  private final FeatureGates gates;

  public DomainRequests(String driver, FeatureGates gates) {
    this.driver = driver;
    this.gates = gates;
  }

  /**
   * @throws DomainClaimException naming the claim and the field that is wrong
   */
  public DomainRequest read(ResourceClaim claim) {
    String where =
        "claim " + claim.getMetadata().getNamespace() + "/" + claim.getMetadata().getName();
    var allocation = claim.getStatus() == null ? null : claim.getStatus().getAllocation();
    List<DeviceRequestAllocationResult> ours =
        allocation == null || allocation.getDevices() == null
            ? List.of()
            : allocation.getDevices().getResults().stream()
                .filter(r -> driver.equals(r.getDriver()))
                .toList();
    if (ours.size() != 1) {
      throw new DomainClaimException(
          where
              + ": status.allocation.devices.results holds "
              + ours.size()
              + " devices of "
              + driver
              + "; a compute-domain claim holds exactly one (channel-0 or daemon-0)");
    }
    DeviceRequestAllocationResult result = ours.get(0);
    DomainTarget target = target(result.getDevice(), where);
    DeviceConfig config =
        config(claim, result.getRequest(), where)
            .orElseThrow(() ->
                new DomainClaimException(
                    where
                        + ": device "
                        + result.getDevice()
                        + " has no "
                        + kind(target)
                        + " (status.allocation.devices.config): nothing names its ComputeDomain"));
    return request(claim, result, target, config, where);
  }

  private DomainRequest request(
      ResourceClaim claim,
      DeviceRequestAllocationResult result,
      DomainTarget target,
      DeviceConfig config,
      String where) {
    if (!kind(target).equals(config.kind())) {
      throw new DomainClaimException(
          where
              + ": device "
              + result.getDevice()
              + " needs a "
              + kind(target)
              + ", its config is a "
              + config.kind());
    }
    String domain;
    ChannelAllocationMode mode = ChannelAllocationMode.SINGLE;
    if (config instanceof ComputeDomainChannelConfig channel) {
      domain = channel.domainID();
      mode = channel.allocationMode();
    } else {
      domain = ((ComputeDomainDaemonConfig) config).domainID();
    }
    String request = result.getRequest();
    return new DomainRequest(
        claim.getMetadata().getUid(),
        claim.getMetadata().getNamespace(),
        claim.getMetadata().getName(),
        result.getPool(),
        result.getDevice(),
        List.of(request.contains("/") ? request.substring(0, request.indexOf('/')) : request),
        target,
        domain,
        mode);
  }

  private static DomainTarget target(String device, String where) {
    return switch (device) {
      case CHANNEL_DEVICE -> DomainTarget.CHANNEL;
      case DAEMON_DEVICE -> DomainTarget.DAEMON;
      default ->
          throw new DomainClaimException(
              where + ": device " + device + " is neither channel-0 nor daemon-0");
    };
  }

  private static String kind(DomainTarget target) {
    return target == DomainTarget.CHANNEL
        ? ComputeDomainChannelConfig.KIND
        : ComputeDomainDaemonConfig.KIND;
  }

  /** The last entry of our driver naming {@code request}, normalized and validated. */
  private Optional<DeviceConfig> config(ResourceClaim claim, String request, String where) {
    List<DeviceAllocationConfiguration> configs =
        claim.getStatus().getAllocation().getDevices().getConfig();
    if (configs == null) {
      return Optional.empty();
    }
    String base = request.contains("/") ? request.substring(0, request.indexOf('/')) : request;
    DeviceConfig chosen = null;
    int chosenIndex = -1;
    for (String source : List.of("FromClass", "FromClaim")) {
      for (int i = 0; i < configs.size(); i++) {
        DeviceAllocationConfiguration entry = configs.get(i);
        if (source.equals(entry.getSource())
            && entry.getOpaque() != null
            && driver.equals(entry.getOpaque().getDriver())
            && names(entry.getRequests(), request, base)) {
          chosen = decode(entry, where + ": status.allocation.devices.config[" + i + "]");
          chosenIndex = i;
        }
      }
    }
    if (chosen == null) {
      return Optional.empty();
    }
    try {
      DeviceConfig normalized = chosen.normalize(gates);
      normalized.validate(gates);
      checkDomainId(normalized, where + ": status.allocation.devices.config[" + chosenIndex + "]");
      return Optional.of(normalized);
    } catch (InvalidConfigException e) {
      throw new DomainClaimException(
          e.withContext(where + ": status.allocation.devices.config[" + chosenIndex + "]")
              .getMessage(),
          e);
    }
  }

  /**
   * The domain's UID names its directory on the node ({@code domains/<uid>}), a CDI environment
   * value and the node label: only a Kubernetes UID (a UUID) is taken, so that nothing such as
   * {@code ../} reaches a path.
   */
  private static void checkDomainId(DeviceConfig config, String where) {
    String domainId =
        switch (config) {
          case ComputeDomainChannelConfig channel -> channel.domainID();
          case ComputeDomainDaemonConfig daemon -> daemon.domainID();
          default -> null;
        };
    if (domainId != null) {
      KubeNames.uuidProblem(domainId)
          .ifPresent(problem -> {
            throw new DomainClaimException(where + ".opaque.parameters.domainID: " + problem);
          });
    }
  }

  private DeviceConfig decode(DeviceAllocationConfiguration entry, String where) {
    try {
      return decoder.decode(entry.getOpaque().getParameters());
    } catch (InvalidConfigException e) {
      throw new DomainClaimException(e.withContext(where + ".opaque.parameters").getMessage(), e);
    }
  }

  private static boolean names(List<String> requests, String request, String base) {
    return requests == null
        || requests.isEmpty()
        || requests.contains(request)
        || requests.contains(base);
  }
}
