package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.localcluster.scheduler.PodClaim;
import dev.gpudra.realcluster.node.NodeImages;
import dev.gpudra.realcluster.node.RealNode;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClaimBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplateBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Pods and claims on the real node, in one namespace: busybox containers whose output is read from
 * the kubelet's log files.
 *
 * @param client the cluster
 * @param node the real node
 * @param namespace where everything is created
 */
record NodePods(KubernetesClient client, RealNode node, String namespace) {
  private static final Duration TIMEOUT = Duration.ofSeconds(90);

  /** One device of a class, optionally narrowed by a CEL selector. */
  static DeviceClaim oneDevice(String deviceClass, String selector) {
    var request =
        new DeviceClaimBuilder()
            .addNewRequest()
            .withName("dev")
            .withNewExactly()
            .withDeviceClassName(deviceClass);
    if (selector != null) {
      request = request.addNewSelector().withNewCel(selector).endSelector();
    }
    return request.endExactly().endRequest().build();
  }

  /** The claim with an opaque config of our driver for its request {@code dev}. */
  static DeviceClaim configured(DeviceClaim claim, String kind, Map<String, Object> fields) {
    Map<String, Object> parameters = new java.util.LinkedHashMap<>();
    parameters.put("apiVersion", "resource.nvidia.com/v1beta1");
    parameters.put("kind", kind);
    parameters.putAll(fields);
    return new DeviceClaimBuilder(claim)
        .addNewConfig()
        .withRequests("dev")
        .withNewOpaque()
        .withDriver("gpu.nvidia.com")
        .withParameters(parameters)
        .endOpaque()
        .endConfig()
        .build();
  }

  void template(String name, DeviceClaim devices) {
    client
        .resource(
            new ResourceClaimTemplateBuilder()
                .withNewMetadata()
                .withName(name)
                .withNamespace(namespace)
                .endMetadata()
                .withNewSpec()
                .withNewSpec()
                .withDevices(devices)
                .endSpec()
                .endSpec()
                .build())
        .create();
  }

  void claim(String name, DeviceClaim devices) {
    client
        .resource(
            new ResourceClaimBuilder()
                .withNewMetadata()
                .withName(name)
                .withNamespace(namespace)
                .endMetadata()
                .withNewSpec()
                .withDevices(devices)
                .endSpec()
                .build())
        .create();
  }

  /** A pod running {@code image}'s own entry point with {@code args} and {@code env}, no claim. */
  Pod imagePod(String name, String image, Map<String, String> env, String... args) {
    return new PodBuilder(pod(name, "unused", null, null))
        .editSpec()
        .editFirstContainer()
        .withImage(image)
        .withImagePullPolicy("IfNotPresent")
        .withCommand(List.of())
        .withArgs(args)
        .withEnv(
            env.entrySet().stream().map(e -> new EnvVar(e.getKey(), e.getValue(), null)).toList())
        .endContainer()
        .endSpec()
        .build();
  }

  /** A busybox pod running {@code script}; {@code template} or {@code claim} (one may be null). */
  Pod pod(String name, String script, String template, String claim) {
    PodBuilder builder =
        new PodBuilder()
            .withNewMetadata()
            .withName(name)
            .withNamespace(namespace)
            .endMetadata()
            .withNewSpec()
            .withRestartPolicy("Never")
            .withTerminationGracePeriodSeconds(1L)
            .addNewContainer()
            .withName("c")
            .withImage(NodeImages.BUSYBOX)
            .withImagePullPolicy("Never")
            .withCommand("sh", "-c", script)
            .endContainer()
            .endSpec();
    if (template != null || claim != null) {
      builder
          .editSpec()
          .addNewResourceClaim()
          .withName("dev")
          .withResourceClaimTemplateName(template)
          .withResourceClaimName(claim)
          .endResourceClaim()
          .editFirstContainer()
          .withNewResources()
          .addNewClaim()
          .withName("dev")
          .endClaim()
          .endResources()
          .endContainer()
          .endSpec();
    }
    return builder.build();
  }

  /** Creates the pod and waits until it has run to completion on the node. */
  Pod runToCompletion(Pod pod) {
    client.resource(pod).create();
    await()
        .atMost(TIMEOUT)
        .untilAsserted(() ->
            assertThat(current(pod).getStatus().getPhase())
                .as("phase of %s", pod.getMetadata().getName())
                .isEqualTo("Succeeded"));
    return onTheNode(current(pod));
  }

  /**
   * Creates the pod and waits until its container has written {@code line} and the kubelet reports
   * it Running; it goes on running (a finished pod's generated claim is deleted at once).
   */
  Pod runUntilLogged(Pod pod, String line) {
    client.resource(pod).create();
    return awaitLogged(pod, line);
  }

  /** As {@link #runUntilLogged}, for a pod created before (one that waited to be scheduled). */
  Pod awaitLogged(Pod pod, String line) {
    String name = pod.getMetadata().getName();
    await()
        .atMost(TIMEOUT)
        .untilAsserted(() -> {
          Pod now = current(pod);
          assertThat(log(now)).as("log of %s (%s)", name, state(now)).contains(line);
          assertThat(now.getStatus().getPhase()).as("phase of %s", name).isEqualTo("Running");
        });
    return onTheNode(current(pod));
  }

  /** Why a pod is not running yet, for a timeout's message: its conditions and events. */
  private String state(Pod pod) {
    StringBuilder out = new StringBuilder();
    if (pod.getStatus() != null && pod.getStatus().getConditions() != null) {
      pod.getStatus().getConditions().stream()
          .filter(c -> !"True".equals(c.getStatus()))
          .forEach(c -> out.append(c.getType()).append(": ").append(c.getMessage()).append("; "));
    }
    client.v1().events().inNamespace(namespace).list().getItems().stream()
        .filter(e -> pod.getMetadata().getName().equals(e.getInvolvedObject().getName()))
        .forEach(e -> out.append(e.getReason()).append(": ").append(e.getMessage()).append("; "));
    return out.toString();
  }

  Pod current(Pod pod) {
    return client.pods().inNamespace(namespace).withName(pod.getMetadata().getName()).get();
  }

  /** What its container wrote so far (nothing yet: empty). */
  List<String> log(Pod pod) {
    return node.containerLog(pod, "c").orElse(List.of());
  }

  /** Deletes it and waits until it is gone. */
  void delete(Pod pod) {
    client.resource(pod).withGracePeriod(1).delete();
    await().atMost(TIMEOUT).until(() -> current(pod) == null);
  }

  /** The pod's (first) claim, as it is now: named in its spec, or generated from a template. */
  ResourceClaim claimOf(Pod pod) {
    String name = PodClaim.of(pod).getFirst().claimName().orElseThrow();
    return client.resources(ResourceClaim.class).inNamespace(namespace).withName(name).get();
  }

  /** Deletes every pod of the namespace and waits until they are gone. */
  void deleteAll() {
    client.pods().inNamespace(namespace).list().getItems().forEach(this::delete);
  }

  /** The device the pod's claim got. */
  String allocatedDevice(Pod pod) {
    return allocatedDevice(claimOf(pod));
  }

  /** The device the claim of this name got (e.g. the scheduler's extended-resource claim). */
  String allocatedDevice(String claimName) {
    return allocatedDevice(
        client.resources(ResourceClaim.class).inNamespace(namespace).withName(claimName).get());
  }

  private static String allocatedDevice(ResourceClaim claim) {
    return claim.getStatus().getAllocation().getDevices().getResults().getFirst().getDevice();
  }

  private Pod onTheNode(Pod pod) {
    assertThat(pod.getSpec().getNodeName()).isEqualTo(node.nodeName());
    return pod;
  }
}
