package dev.gpudra.migrate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** What migrate cannot translate: reported, one line each, and the object left as it was. */
class UntranslatedTest {
  private static final String WHERE = "pods.yaml, document 1 (line 1): ";
  private static final String KINDS =
      "Pod, Deployment, StatefulSet, DaemonSet, ReplicaSet, ReplicationController, PodTemplate,"
          + " Job, CronJob";

  private static final String STRICT_TIME_SLICING =
      """
      version: v1
      sharing:
        timeSlicing:
          renameByDefault: true
          failRequestsGreaterThanOne: true
          resources: [{name: nvidia.com/gpu, replicas: 4}]
      """;

  private static String pod(String containers) {
    return "apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: ns}\nspec:\n" + containers;
  }

  private static Arguments reported(
      String name, Optional<String> config, String input, String... lines) {
    return Arguments.of(name, config, input, lines);
  }

  static Stream<Arguments> cases() {
    return Stream.of(shapeAndSharing(), resources(), kinds()).flatMap(s -> s);
  }

  /** A malformed pod, and sharing the device plugin's config does not allow. */
  private static Stream<Arguments> shapeAndSharing() {
    return Stream.of(
        reported(
            "containers that are a mapping, not a list (found by fuzzing: a NullPointerException)",
            Optional.empty(),
            pod("  containers:\n    limits: {nvidia.com/gpu: 1}\n    x: 1\n"),
            "Pod ns/p: containers: not a list"),
        reported(
            "a shared resource asked for twice where the config fails requests greater than one",
            Optional.of(STRICT_TIME_SLICING),
            pod(
                "  containers:\n  - name: c\n    resources: {limits: {nvidia.com/gpu.shared: 2}}\n"),
            "Pod ns/p: container \"c\": nvidia.com/gpu.shared: 2 replicas requested, but the device"
                + " plugin gives a container one at most"
                + " (sharing.timeSlicing.failRequestsGreaterThanOne)"),
        reported(
            "MPS fails requests greater than one unless told otherwise",
            Optional.of("sharing: {mps: {resources: [{name: gpu, replicas: 2}]}}\n"),
            pod("  containers:\n  - name: c\n    resources: {limits: {nvidia.com/gpu: 2}}\n"),
            "Pod ns/p: container \"c\": nvidia.com/gpu: 2 replicas requested, but the device plugin"
                + " gives a container one at most (sharing.mps.failRequestsGreaterThanOne)"),
        reported(
            "a shared resource without the config that shares it",
            Optional.empty(),
            pod(
                "  containers:\n  - name: c\n    resources: {limits: {nvidia.com/gpu.shared: 1}}\n"),
            "Pod ns/p: container \"c\": nvidia.com/gpu.shared: a shared resource: give the device"
                + " plugin's config that shares it (--config)"));
  }

  /** Resource names and counts the device plugin does not give as asked. */
  private static Stream<Arguments> resources() {
    return Stream.of(
        reported(
            "a resource name the device plugin does not advertise",
            Optional.empty(),
            pod("  containers:\n  - name: c\n    resources: {limits: {nvidia.com/pgpu: 1}}\n"),
            "Pod ns/p: container \"c\": nvidia.com/pgpu: not a resource of NVIDIA's device plugin"),
        reported(
            "a MIG resource that names no profile",
            Optional.empty(),
            pod("  containers:\n  - name: c\n    resources: {limits: {nvidia.com/mig-big: 1}}\n"),
            "Pod ns/p: container \"c\": nvidia.com/mig-big: not a MIG profile the device plugin"
                + " advertises (mig-<g>g.<memory>gb, e.g. mig-1g.10gb or mig-1g.10gb.me)"),
        reported(
            "nvidia.com/gpu under the single MIG strategy",
            Optional.of("flags: {migStrategy: single}\n"),
            pod("  containers:\n  - name: c\n    resources: {limits: {nvidia.com/gpu: 1}}\n"),
            "Pod ns/p: container \"c\": nvidia.com/gpu: under flags.migStrategy single these are"
                + " the MIG devices of each node's one profile, which the config does not name"),
        reported(
            "requests different from limits, and a count that is not whole: every problem named",
            Optional.empty(),
            pod(
                "  containers:\n  - name: c\n    resources:\n"
                    + "      limits: {nvidia.com/gpu: 2, nvidia.com/mig-1g.5gb: 500m}\n"
                    + "      requests: {nvidia.com/gpu: 1}\n"),
            "Pod ns/p: container \"c\": nvidia.com/gpu: requests (1) and limits (2) differ",
            "Pod ns/p: container \"c\": nvidia.com/mig-1g.5gb: \"500m\" is not a whole number of"
                + " devices"),
        reported(
            "an init container with a GPU: the whole pod is left, its app container too",
            Optional.empty(),
            pod(
                "  initContainers:\n  - name: warm\n    resources: {limits: {nvidia.com/gpu: 1}}\n"
                    + "  containers:\n  - name: c\n    resources: {limits: {nvidia.com/gpu: 1}}\n"),
            "Pod ns/p: init container \"warm\": nvidia.com/gpu: only app containers are translated"
                + " (give its claim to it by hand, or let an app container ask for the devices)"));
  }

  /** Pod templates in kinds or groups migrate does not know. */
  private static Stream<Arguments> kinds() {
    return Stream.of(
        reported(
            "a pod template in a kind migrate does not know",
            Optional.empty(),
            """
            apiVersion: ray.io/v1
            kind: RayCluster
            metadata: {name: rc}
            spec:
              workerGroupSpecs:
              - template:
                  spec:
                    containers:
                    - {name: w, resources: {limits: {nvidia.com/gpu: 1}}}
            """,
            "RayCluster rc: spec.workerGroupSpecs[0].template.spec.containers[0].resources.limits:"
                + " nvidia.com/gpu: migrate knows the pod template of "
                + KINDS
                + " of Kubernetes' own API groups, not of ray.io/v1 RayCluster"),
        reported(
            "a known kind of another group",
            Optional.empty(),
            """
            apiVersion: example.com/v1
            kind: Deployment
            metadata: {name: d}
            spec: {template: {spec: {containers: [{name: w, resources: {requests: {nvidia.com/gpu: 1}}}]}}}
            """,
            "Deployment d: spec.template.spec.containers[0].resources.requests: nvidia.com/gpu:"
                + " migrate knows the pod template of "
                + KINDS
                + " of Kubernetes' own API groups, not of example.com/v1 Deployment"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  @DisplayName("each problem is one report line naming document, object, container and resource")
  void leftUnchanged(String name, Optional<String> config, String input, String[] lines) {
    Migration migration = Migration.of(input, config);

    assertThat(migration.report())
        .containsExactly(
            Stream.of(lines)
                .map(line -> WHERE + line + " (left unchanged)")
                .toArray(String[]::new));
    assertThat(migration.output()).isEqualTo(input);
  }
}
