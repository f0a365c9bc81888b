package dev.gpudra.migrate;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** MIG devices of the device plugin's {@code mixed} strategy ({@code nvidia.com/mig-<profile>}). */
class MigDeviceTest {

  /** A Job asking for two MIG profiles, one of them with media extensions. */
  private static final String JOB =
      """
      apiVersion: batch/v1
      kind: Job
      metadata: {name: infer, namespace: ml}
      spec:
        template:
          spec:
            restartPolicy: Never
            containers:
            - name: worker
              resources:
                limits:
                  nvidia.com/mig-1g.10gb: 2
                  nvidia.com/mig-1g.10gb.me: 1
      """;

  /** The claim template the Job gets, and the Job pointing at it. */
  private static final String CLAIMED_JOB =
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaimTemplate
      metadata:
        name: infer-worker-gpu
        namespace: ml
      spec:
        spec:
          devices:
            requests:
            - exactly:
                count: 2
                deviceClassName: mig.nvidia.com
                selectors:
                - cel:
                    expression: "device.attributes['gpu.nvidia.com'].profile == '1g.10gb'"
              name: mig-1g-10gb
            - exactly:
                count: 1
                deviceClassName: mig.nvidia.com
                selectors:
                - cel:
                    expression: "device.attributes['gpu.nvidia.com'].profile == '1g.10gb+me'"
              name: mig-1g-10gb-me
      ---
      apiVersion: batch/v1
      kind: Job
      metadata:
        name: infer
        namespace: ml
      spec:
        template:
          spec:
            restartPolicy: Never
            containers:
            - name: worker
              resources:
                claims:
                - name: worker-gpu
            resourceClaims:
            - name: worker-gpu
              resourceClaimTemplateName: infer-worker-gpu
      """;

  @Test
  @DisplayName(
      "mig-1g.10gb and mig-1g.10gb.me: one request each of class mig.nvidia.com, selected by"
          + " profile, the device plugin's '.me' back to the driver's '+me'")
  void profiles() {
    Migration migration = Migration.of(JOB);

    assertThat(migration.report()).isEmpty();
    assertThat(migration.output()).isEqualTo(CLAIMED_JOB);
  }
}
