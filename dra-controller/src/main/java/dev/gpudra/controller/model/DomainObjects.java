package dev.gpudra.controller.model;

import dev.gpudra.api.computedomain.ChannelAllocationMode;
import dev.gpudra.api.computedomain.ComputeDomain;
import dev.gpudra.api.computedomain.ComputeDomainLabels;
import dev.gpudra.api.v1beta1.ComputeDomainChannelConfig;
import dev.gpudra.api.v1beta1.ComputeDomainDaemonConfig;
import dev.gpudra.api.v1beta1.ConfigDecoder;
import dev.gpudra.api.v1beta1.DeviceConfig;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplateBuilder;
import java.util.Map;
import java.util.Objects;

/**
 * Builds the objects of one ComputeDomain, as NVIDIA's controller names and labels them. Beyond
 * NVIDIA's, each template gives the claims made from it the same labels, so the controller can
 * watch a domain's channel claims by label (its {@code ChannelsReady} condition).
 */
public final class DomainObjects {
  /** The compute-domain DRA driver. */
  public static final String DRIVER = "compute-domain.nvidia.com";

  /** The DeviceClass of a daemon's {@code daemon-0} device. */
  public static final String DAEMON_CLASS = "compute-domain-daemon.nvidia.com";

  /** The DeviceClass of a workload's {@code channel-0} device. */
  public static final String CHANNEL_CLASS = "compute-domain-default-channel.nvidia.com";

  /** The request names of the two templates. */
  public static final String DAEMON_REQUEST = "daemon";

  public static final String CHANNEL_REQUEST = "channel";

  private static final String DAEMON_PREFIX = "computedomain-daemon-";

  private final DaemonSettings settings;
  private final ConfigDecoder configs = new ConfigDecoder(ConfigDecoder.COMPUTE_DOMAIN_KINDS);

  public DomainObjects(DaemonSettings settings) {
    this.settings = Objects.requireNonNull(settings, "settings");
  }

  /** {@code computedomain-daemon-<domain UID>}: the daemon DaemonSet's and its template's name. */
  public static String daemonName(ComputeDomain domain) {
    return DAEMON_PREFIX + uid(domain);
  }

  /**
   * The template every daemon pod of the domain claims its {@code daemon-0} device from, in the
   * driver's namespace.
   */
  public ResourceClaimTemplate daemonClaimTemplate(ComputeDomain domain) {
    return template(
        meta(daemonName(domain), settings.namespace(), domain, ComputeDomainLabels.TARGET_DAEMON),
        DAEMON_REQUEST,
        DAEMON_CLASS,
        new ComputeDomainDaemonConfig(uid(domain)));
  }

  /**
   * The template the domain's workload pods claim their IMEX channel from, in the domain's
   * namespace, under the name its spec gives.
   */
  public ResourceClaimTemplate workloadClaimTemplate(ComputeDomain domain) {
    ChannelAllocationMode mode =
        settings.hostManaged()
            ? ChannelAllocationMode.SINGLE
            : domain.getSpec().channel().allocationMode();
    return workloadClaimTemplate(domain, mode);
  }

  /**
   * The workload template asking for {@code mode}: with hostManaged IMEX always {@code Single}, as
   * NVIDIA's controller writes it (one channel per claim, whatever the domain asks).
   */
  private ResourceClaimTemplate workloadClaimTemplate(
      ComputeDomain domain, ChannelAllocationMode mode) {
    var channel = domain.getSpec().channel();
    return template(
        meta(
            channel.resourceClaimTemplate().name(),
            domain.getMetadata().getNamespace(),
            domain,
            ComputeDomainLabels.TARGET_WORKLOAD),
        CHANNEL_REQUEST,
        CHANNEL_CLASS,
        new ComputeDomainChannelConfig(uid(domain), mode));
  }

  private ResourceClaimTemplate template(
      ObjectMeta meta, String request, String deviceClass, DeviceConfig config) {
    return new ResourceClaimTemplateBuilder()
        .withMetadata(meta)
        .withNewSpec()
        .withNewMetadata()
        .withLabels(meta.getLabels())
        .endMetadata()
        .withNewSpec()
        .withNewDevices()
        .addNewRequest()
        .withName(request)
        .withNewExactly()
        .withDeviceClassName(deviceClass)
        .endExactly()
        .endRequest()
        .addNewConfig()
        .withRequests(request)
        .withNewOpaque()
        .withDriver(DRIVER)
        .withParameters(configs.encode(config))
        .endOpaque()
        .endConfig()
        .endDevices()
        .endSpec()
        .endSpec()
        .build();
  }

  private static ObjectMeta meta(
      String name, String namespace, ComputeDomain domain, String target) {
    return new ObjectMetaBuilder()
        .withName(name)
        .withNamespace(namespace)
        .withLabels(
            Map.of(ComputeDomainLabels.DOMAIN, uid(domain), ComputeDomainLabels.TARGET, target))
        .withFinalizers(ComputeDomainLabels.FINALIZER)
        .build();
  }

  private static String uid(ComputeDomain domain) {
    String uid = domain.getMetadata().getUid();
    if (uid == null || uid.isBlank()) {
      throw new IllegalArgumentException(
          "ComputeDomain "
              + domain.getMetadata().getNamespace()
              + "/"
              + domain.getMetadata().getName()
              + " has no UID: only a stored domain gets objects");
    }
    return uid;
  }
}
