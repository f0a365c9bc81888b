package dev.gpudra.localcluster.workloads;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.localcluster.api.LocalApiServer;
import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The Deployment stand-in on the embedded API server, one pass at a time. */
class DeploymentStandInIT {
  private static final String NS = "gpu-dra";
  private LocalApiServer api;
  private KubernetesClient client;
  private DeploymentStandIn standIn;

  @BeforeEach
  void start() {
    api = new LocalApiServer().start();
    client = api.client();
    standIn = new DeploymentStandIn(client);
  }

  @AfterEach
  void stop() {
    standIn.close();
    api.close();
  }

  private Deployment deployment(String name) {
    return client
        .apps()
        .deployments()
        .inNamespace(NS)
        .resource(
            new DeploymentBuilder()
                .withNewMetadata()
                .withName(name)
                .endMetadata()
                .withNewSpec()
                .withReplicas(1)
                .withNewSelector()
                .addToMatchLabels("app", name)
                .endSelector()
                .withNewTemplate()
                .withNewMetadata()
                .addToLabels("app", name)
                .endMetadata()
                .withNewSpec()
                .withNodeName("gpu-node-1")
                .withTerminationGracePeriodSeconds(15L)
                .addNewContainer()
                .withName("daemon")
                .withImage("gpu-dra:demo")
                .endContainer()
                .endSpec()
                .endTemplate()
                .endSpec()
                .build())
        .create();
  }

  private List<Pod> pods() {
    return client.pods().inNamespace(NS).list().getItems();
  }

  private Deployment get(String name) {
    return client.apps().deployments().inNamespace(NS).withName(name).get();
  }

  @Test
  @DisplayName(
      "a Deployment gets one pod from its template, owned by it; its status counts the pod once"
          + " Ready; another pass makes no second pod")
  void podAndReadiness() {
    deployment("daemon");
    standIn.step();
    standIn.step();

    assertThat(pods()).hasSize(1);
    Pod pod = pods().getFirst();
    assertThat(pod.getMetadata().getName()).matches("daemon-[bcdfghjklmnpqrstvwxz2456789]{5}");
    assertThat(pod.getMetadata().getLabels()).containsEntry("app", "daemon");
    assertThat(pod.getSpec().getNodeName()).isEqualTo("gpu-node-1");
    assertThat(pod.getMetadata().getOwnerReferences().getFirst().getUid())
        .isEqualTo(get("daemon").getMetadata().getUid());
    assertThat(get("daemon").getStatus().getReadyReplicas()).isZero();

    client
        .pods()
        .inNamespace(NS)
        .withName(pod.getMetadata().getName())
        .editStatus(p ->
            new PodBuilder(p)
                .editOrNewStatus()
                .withPhase("Running")
                .addNewCondition()
                .withType("Ready")
                .withStatus("True")
                .endCondition()
                .endStatus()
                .build());
    standIn.step();

    assertThat(get("daemon").getStatus().getReadyReplicas()).isEqualTo(1);
    assertThat(get("daemon").getStatus().getReplicas()).isEqualTo(1);
  }

  @Test
  @DisplayName(
      "a foreground delete marks the pods deleting (the node finishes them) and the Deployment"
          + " goes once they are gone")
  void foregroundDeletion() {
    deployment("daemon");
    standIn.step();
    client
        .apps()
        .deployments()
        .inNamespace(NS)
        .withName("daemon")
        .withPropagationPolicy(DeletionPropagation.FOREGROUND)
        .delete();
    standIn.step();

    assertThat(pods()).hasSize(1);
    Pod pod = pods().getFirst();
    assertThat(pod.getMetadata().getDeletionTimestamp()).isNotNull();
    assertThat(pod.getMetadata().getDeletionGracePeriodSeconds()).isEqualTo(15L);

    client.pods().inNamespace(NS).withName(pod.getMetadata().getName()).withGracePeriod(0).delete();
    standIn.step();

    assertThat(get("daemon")).isNull();
    assertThat(pods()).isEmpty();
  }
}
