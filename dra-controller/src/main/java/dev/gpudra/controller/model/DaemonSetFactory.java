package dev.gpudra.controller.model;

import dev.gpudra.api.computedomain.ComputeDomain;
import dev.gpudra.api.computedomain.ComputeDomainLabels;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.LocalObjectReference;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.ProbeBuilder;
import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.api.model.TolerationBuilder;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.DaemonSetBuilder;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The DaemonSet {@code computedomain-daemon-<domain UID>} that runs a domain's daemon on each node
 * whose workload claim labeled it: NVIDIA's labels, selector and node selector, service account,
 * environment, claim and tolerations; probes that ask IMEX as NVIDIA's {@code check} does.
 */
public final class DaemonSetFactory {
  public static final String CONTAINER = "compute-domain-daemon";
  public static final String SERVICE_ACCOUNT = "compute-domain-daemon-service-account";
  static final String CLAIM = "compute-domain-daemon";

  /**
   * NVIDIA's {@code compute-domain-daemon check}, without a JVM per probe: a node off the fabric
   * (no clique) is always ready; else {@code nvidia-imex-ctl -q} (a driver program the daemon's
   * claim mounts at its host path, {@code /usr/bin} or {@code /usr/local/bin}) must print READY.
   */
  static final List<String> CHECK =
      List.of(
          "/bin/sh",
          "-c",
          "PATH=/usr/local/bin:/usr/bin:$PATH; [ -z \"$CLIQUE_ID\" ]"
              + " || [ \"$(nvidia-imex-ctl -c /imexd/imexd.cfg -q)\" = READY ]");

  private final DaemonSettings settings;

  public DaemonSetFactory(DaemonSettings settings) {
    this.settings = Objects.requireNonNull(settings, "settings");
  }

  public DaemonSet daemonSet(ComputeDomain domain) {
    String name = DomainObjects.daemonName(domain);
    String uid = domain.getMetadata().getUid();
    Map<String, String> labels = Map.of(ComputeDomainLabels.DOMAIN, uid);
    return new DaemonSetBuilder()
        .withNewMetadata()
        .withName(name)
        .withNamespace(settings.namespace())
        .withLabels(labels)
        .withFinalizers(ComputeDomainLabels.FINALIZER)
        .endMetadata()
        .withNewSpec()
        .withNewSelector()
        .withMatchLabels(labels)
        .endSelector()
        .withNewTemplate()
        .withNewMetadata()
        .withLabels(labels)
        .endMetadata()
        .withNewSpec()
        .withServiceAccountName(SERVICE_ACCOUNT)
        .withNodeSelector(labels)
        .withTolerations(tolerations())
        .withImagePullSecrets(
            settings.imagePullSecrets().stream().map(LocalObjectReference::new).toList())
        .addNewResourceClaim()
        .withName(CLAIM)
        .withResourceClaimTemplateName(name)
        .endResourceClaim()
        .withContainers(container())
        .endSpec()
        .endTemplate()
        .endSpec()
        .build();
  }

  private Container container() {
    return new ContainerBuilder()
        .withName(CONTAINER)
        .withImage(settings.image())
        .withArgs("compute-domain-daemon", "run")
        // why a daemon exits (its clique full, no CDI edits) reaches the domain's DaemonsRunning
        // condition through the pod's last termination message
        .withTerminationMessagePolicy("FallbackToLogsOnError")
        .withEnv(env())
        .withNewResources()
        .addNewClaim()
        .withName(CLAIM)
        .endClaim()
        .endResources()
        .withStartupProbe(probe(1, 1200))
        .withLivenessProbe(probe(60, 20))
        .withReadinessProbe(probe(10, 1))
        .build();
  }

  private List<EnvVar> env() {
    return List.of(
        new EnvVar("LOG_VERBOSITY", Integer.toString(settings.logVerbosity()), null),
        new EnvVar(
            "MAX_NODES_PER_IMEX_DOMAIN", Integer.toString(settings.maxNodesPerImexDomain()), null),
        field("NODE_NAME", "spec.nodeName"),
        field("POD_IP", "status.podIP"),
        field("POD_UID", "metadata.uid"),
        field("POD_NAME", "metadata.name"),
        field("POD_NAMESPACE", "metadata.namespace"),
        new EnvVar("NVIDIA_VISIBLE_DEVICES", "void", null),
        new EnvVar("FEATURE_GATES", settings.featureGates(), null),
        new EnvVar("LOG_LEVEL", logLevel(settings.logVerbosity()), null));
  }

  /**
   * What our daemon's logging reads ({@code LOG_LEVEL}) for NVIDIA's klog verbosity, which it has
   * no use for otherwise: up to 4 (NVIDIA's default) INFO, 5 and 6 DEBUG, from 7 on TRACE.
   */
  static String logLevel(int verbosity) {
    return verbosity >= 7 ? "TRACE" : verbosity >= 5 ? "DEBUG" : "INFO";
  }

  private static EnvVar field(String name, String path) {
    return new EnvVarBuilder()
        .withName(name)
        .withNewValueFrom()
        .withNewFieldRef()
        .withFieldPath(path)
        .endFieldRef()
        .endValueFrom()
        .build();
  }

  private static Probe probe(int period, int failures) {
    return new ProbeBuilder()
        .withNewExec()
        .withCommand(CHECK)
        .endExec()
        .withPeriodSeconds(period)
        .withFailureThreshold(failures)
        .withTimeoutSeconds(10)
        .build();
  }

  private static List<Toleration> tolerations() {
    return List.of("NoSchedule", "NoExecute", "PreferNoSchedule").stream()
        .map(e -> new TolerationBuilder().withOperator("Exists").withEffect(e).build())
        .toList();
  }
}
