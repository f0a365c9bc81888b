package dev.gpudra.controller.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.api.computedomain.ComputeDomain;
import dev.gpudra.api.computedomain.ComputeDomainSpec;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class DaemonSetFactoryTest {
  private static final String UID = "5b9c0d1e-0000-4000-8000-000000000001";

  private static ComputeDomain domain() {
    return new ComputeDomain(
        new ObjectMetaBuilder().withName("imex").withNamespace("team-a").withUid(UID).build(),
        new ComputeDomainSpec(
            0, new ComputeDomainSpec.Channel(new ComputeDomainSpec.ClaimTemplate("ch"), null)),
        null);
  }

  private final DaemonSet ds =
      new DaemonSetFactory(
              new DaemonSettings(
                  "gpu-dra",
                  "gpu-dra:1",
                  4,
                  18,
                  "IMEXDaemonsWithDNSNames=true",
                  List.of("regcred"),
                  dev.gpudra.api.computedomain.ImexMode.DRIVER_MANAGED))
          .daemonSet(domain());

  @Test
  @DisplayName(
      "computedomain-daemon-<UID> in the driver's namespace, on the nodes labeled for the domain,"
          + " its pods claiming the daemon template")
  void placement() {
    var pod = ds.getSpec().getTemplate().getSpec();

    assertThat(ds.getMetadata().getName()).isEqualTo("computedomain-daemon-" + UID);
    assertThat(ds.getMetadata().getNamespace()).isEqualTo("gpu-dra");
    assertThat(ds.getMetadata().getFinalizers())
        .containsExactly("resource.nvidia.com/computeDomain");
    assertThat(ds.getSpec().getSelector().getMatchLabels())
        .containsExactlyEntriesOf(java.util.Map.of("resource.nvidia.com/computeDomain", UID));
    assertThat(pod.getNodeSelector()).containsEntry("resource.nvidia.com/computeDomain", UID);
    assertThat(pod.getServiceAccountName()).isEqualTo("compute-domain-daemon-service-account");
    assertThat(pod.getResourceClaims().getFirst().getResourceClaimTemplateName())
        .isEqualTo("computedomain-daemon-" + UID);
    assertThat(pod.getContainers().getFirst().getResources().getClaims().getFirst().getName())
        .isEqualTo("compute-domain-daemon");
    assertThat(pod.getTolerations())
        .extracting(t -> t.getOperator() + "/" + t.getEffect())
        .containsExactly("Exists/NoSchedule", "Exists/NoExecute", "Exists/PreferNoSchedule");
    assertThat(pod.getImagePullSecrets()).extracting(r -> r.getName()).containsExactly("regcred");
  }

  @Test
  @DisplayName("NVIDIA's environment, from the pod's fields where NVIDIA takes them")
  void environment() {
    List<EnvVar> env = ds.getSpec().getTemplate().getSpec().getContainers().getFirst().getEnv();

    assertThat(env)
        .extracting(EnvVar::getName)
        .containsExactly(
            "LOG_VERBOSITY",
            "MAX_NODES_PER_IMEX_DOMAIN",
            "NODE_NAME",
            "POD_IP",
            "POD_UID",
            "POD_NAME",
            "POD_NAMESPACE",
            "NVIDIA_VISIBLE_DEVICES",
            "FEATURE_GATES",
            "LOG_LEVEL");
    assertThat(env.get(3).getValueFrom().getFieldRef().getFieldPath()).isEqualTo("status.podIP");
    assertThat(env.get(7).getValue()).isEqualTo("void");
    assertThat(env.get(8).getValue()).isEqualTo("IMEXDaemonsWithDNSNames=true");
    assertThat(env.get(9).getValue()).as("LOG_VERBOSITY 4, NVIDIA's default").isEqualTo("INFO");
    assertThat(List.of(0, 4, 5, 6, 7, 9).stream().map(DaemonSetFactory::logLevel))
        .containsExactly("INFO", "INFO", "DEBUG", "DEBUG", "TRACE", "TRACE");
  }

  @Test
  @DisplayName(
      "startup (1 s x 1200), liveness (60 s x 20) and readiness (10 s x 1) probes ask IMEX, ready"
          + " off the fabric")
  void probes() {
    var container = ds.getSpec().getTemplate().getSpec().getContainers().getFirst();

    assertThat(container.getArgs()).containsExactly("compute-domain-daemon", "run");
    assertThat(container.getStartupProbe().getPeriodSeconds()).isEqualTo(1);
    assertThat(container.getStartupProbe().getFailureThreshold()).isEqualTo(1200);
    assertThat(container.getLivenessProbe().getPeriodSeconds()).isEqualTo(60);
    assertThat(container.getLivenessProbe().getFailureThreshold()).isEqualTo(20);
    assertThat(container.getReadinessProbe().getPeriodSeconds()).isEqualTo(10);
    assertThat(container.getReadinessProbe().getTimeoutSeconds()).isEqualTo(10);
    assertThat(container.getReadinessProbe().getExec().getCommand().get(2))
        .contains("[ -z \"$CLIQUE_ID\" ]")
        .contains("nvidia-imex-ctl -c /imexd/imexd.cfg -q");
  }
}
