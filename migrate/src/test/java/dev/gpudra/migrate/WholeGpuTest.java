package dev.gpudra.migrate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Whole GPUs ({@code nvidia.com/gpu}, no config): the whole output, as the command prints it. */
class WholeGpuTest {
  record Case(String name, String input, String expected) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case(
            "one GPU in a Pod: template <pod>-<container>-gpu before the pod, count 1",
            """
            apiVersion: v1
            kind: Pod
            metadata:
              name: train
            spec:
              containers:
              - name: cuda
                image: cuda
                resources:
                  limits:
                    nvidia.com/gpu: 1
            """,
            """
            apiVersion: resource.k8s.io/v1
            kind: ResourceClaimTemplate
            metadata:
              name: train-cuda-gpu
            spec:
              spec:
                devices:
                  requests:
                  - exactly:
                      count: 1
                      deviceClassName: gpu.nvidia.com
                    name: gpu
            ---
            apiVersion: v1
            kind: Pod
            metadata:
              name: train
            spec:
              containers:
              - name: cuda
                image: cuda
                resources:
                  claims:
                  - name: cuda-gpu
              resourceClaims:
              - name: cuda-gpu
                resourceClaimTemplateName: train-cuda-gpu
            """),
        new Case(
            "four GPUs in a Deployment: count 4, the template in the Deployment's namespace, other"
                + " resources and claims kept",
            """
            apiVersion: apps/v1
            kind: Deployment
            metadata:
              name: llm
              namespace: team-a
            spec:
              template:
                spec:
                  resourceClaims:
                  - name: scratch
                    resourceClaimTemplateName: scratch
                  containers:
                  - name: server
                    resources:
                      limits:
                        cpu: "8"
                        nvidia.com/gpu: "4"
                      requests:
                        nvidia.com/gpu: 4
                      claims:
                      - name: scratch
            """,
            """
            apiVersion: resource.k8s.io/v1
            kind: ResourceClaimTemplate
            metadata:
              name: llm-server-gpu
              namespace: team-a
            spec:
              spec:
                devices:
                  requests:
                  - exactly:
                      count: 4
                      deviceClassName: gpu.nvidia.com
                    name: gpu
            ---
            apiVersion: apps/v1
            kind: Deployment
            metadata:
              name: llm
              namespace: team-a
            spec:
              template:
                spec:
                  resourceClaims:
                  - name: scratch
                    resourceClaimTemplateName: scratch
                  - name: server-gpu
                    resourceClaimTemplateName: llm-server-gpu
                  containers:
                  - name: server
                    resources:
                      limits:
                        cpu: "8"
                      claims:
                      - name: scratch
                      - name: server-gpu
            """),
        new Case(
            "two containers sharing nothing: a template and a claim each; a container without"
                + " GPUs untouched",
            """
            apiVersion: v1
            kind: Pod
            metadata:
              name: pair
            spec:
              containers:
              - name: a
                resources:
                  limits:
                    nvidia.com/gpu: 1
              - name: sidecar
                image: busybox
              - name: b
                resources:
                  requests:
                    nvidia.com/gpu: 2
            """,
            """
            apiVersion: resource.k8s.io/v1
            kind: ResourceClaimTemplate
            metadata:
              name: pair-a-gpu
            spec:
              spec:
                devices:
                  requests:
                  - exactly:
                      count: 1
                      deviceClassName: gpu.nvidia.com
                    name: gpu
            ---
            apiVersion: resource.k8s.io/v1
            kind: ResourceClaimTemplate
            metadata:
              name: pair-b-gpu
            spec:
              spec:
                devices:
                  requests:
                  - exactly:
                      count: 2
                      deviceClassName: gpu.nvidia.com
                    name: gpu
            ---
            apiVersion: v1
            kind: Pod
            metadata:
              name: pair
            spec:
              containers:
              - name: a
                resources:
                  claims:
                  - name: a-gpu
              - name: sidecar
                image: busybox
              - name: b
                resources:
                  claims:
                  - name: b-gpu
              resourceClaims:
              - name: a-gpu
                resourceClaimTemplateName: pair-a-gpu
              - name: b-gpu
                resourceClaimTemplateName: pair-b-gpu
            """),
        new Case(
            "a count of 0 asks for nothing: the entry goes, no claim",
            """
            apiVersion: v1
            kind: Pod
            metadata: {name: cpu-only}
            spec:
              containers:
              - name: app
                resources:
                  limits: {nvidia.com/gpu: 0, memory: 1Gi}
            """,
            """
            apiVersion: v1
            kind: Pod
            metadata:
              name: cpu-only
            spec:
              containers:
              - name: app
                resources:
                  limits:
                    memory: 1Gi
            """));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  @DisplayName("whole GPUs become gpu.nvidia.com requests of their count, one claim per container")
  void translates(Case c) {
    Migration migration = Migration.of(c.input());
    assertThat(migration.report()).isEmpty();
    assertThat(migration.output()).isEqualTo(c.expected());
  }
}
