package dev.gpudra.operator.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import java.io.IOException;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class NvidiaDriverPassTest {
  private static ClusterPolicySpec spec(String driver) throws IOException {
    return new ObjectMapper(new YAMLFactory())
        .readValue("driver: " + driver, ClusterPolicySpec.class);
  }

  @Test
  @DisplayName(
      "with NVIDIADrivers, the policy's own driver keys are named as not read; the hand-over keys"
          + " and the CRD's default are not")
  void unreadKeys() throws IOException {
    assertThat(
            NvidiaDriverPass.unread(
                spec("{enabled: true, useNvidiaDriverCRD: true, kernelModuleType: auto}")))
        .isEmpty();
    assertThat(
            NvidiaDriverPass.unread(
                spec(
                    "{enabled: true, useNvidiaDriverCRD: true, version: '580.1',"
                        + " kernelModuleType: open, upgradePolicy: {autoUpgrade: true}}")))
        .containsExactlyInAnyOrder(
            "driver.version", "driver.kernelModuleType", "driver.upgradePolicy");
  }
}
