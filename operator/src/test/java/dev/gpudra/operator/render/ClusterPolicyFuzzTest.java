package dev.gpudra.operator.render;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gpudra.api.clusterpolicy.ClusterPolicy;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.api.clusterpolicy.DriverSpec;
import dev.gpudra.api.clusterpolicy.MigrationSpec;
import dev.gpudra.operator.migration.DrainPolicy;
import dev.gpudra.operator.migration.InvalidMigrationException;
import dev.gpudra.operator.render.dispatch.StateObjects;
import dev.gpudra.operator.states.OperandState;
import dev.gpudra.operator.upgrade.InvalidUpgradePolicyException;
import dev.gpudra.operator.upgrade.UpgradePolicy;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.util.Optional;

/**
 * The operator on arbitrary ClusterPolicies, decoded as the client decodes what the API server
 * sends: a body that does not decode is a Jackson error; a decoded policy renders every state (a
 * state it cannot render says why in its {@code notBuilt}); its drain and upgrade settings read or
 * are refused with their typed exceptions, which the policy's status reports. Any other exception
 * is a crash: a reconcile that fails without telling the user why.
 */
class ClusterPolicyFuzzTest {
  private final ObjectMapper json = new ObjectMapper();

  ClusterPolicyFuzzTest() {
    new KubernetesSerialization(json, true); // configures the mapper as the client's
  }

  @FuzzTest(maxDuration = "15s")
  @DictionaryEntries({
    "\"apiVersion\":\"nvidia.com/v1\"",
    "\"kind\":\"ClusterPolicy\"",
    "\"spec\"",
    "\"enabled\"",
    "\"draDriver\"",
    "\"devicePlugin\"",
    "\"driver\"",
    "\"upgradePolicy\"",
    "\"maxUnavailable\"",
    "\"maxParallelUpgrades\"",
    "\"migration\"",
    "\"drain\"",
    "\"podSelector\"",
    "\"timeoutSeconds\"",
    "\"tolerations\"",
    "\"daemonsets\"",
    "\"priorityClassName\"",
    "\"image\"",
    "\"repository\"",
    "\"version\"",
    "\"env\"",
    "\"args\"",
    "\"resources\"",
    "\"dcgmExporter\"",
    "\"serviceMonitor\"",
    "\"mig\"",
    "\"strategy\"",
    "\"25%\"",
    "-1"
  })
  void rendersOrRefuses(byte[] body) {
    ClusterPolicy policy;
    try {
      policy = json.readValue(body, ClusterPolicy.class);
    } catch (IOException undecodable) {
      return;
    }
    if (policy == null || policy.getSpec() == null) {
      return;
    }
    ClusterPolicySpec spec = policy.getSpec();
    OperandContext context = new OperandContext("gpu-operator", spec, "gpu-dra:1");
    for (OperandState state : OperandState.values()) {
      // what StateApplier renders: an enabled state (or one kept while nodes leave it) for
      // teardown, any state at its widest to delete what it no longer renders
      StateObjects.of(state, context.forTeardown());
      StateObjects.of(state, context.widest());
    }
    try {
      DrainPolicy.of(Optional.ofNullable(spec.migration()).map(MigrationSpec::drain).orElse(null));
    } catch (InvalidMigrationException refused) {
      // reported in the policy's status
    }
    try {
      UpgradePolicy.of(
              Optional.ofNullable(spec.driver()).map(DriverSpec::upgradePolicy).orElse(null))
          .maxUnavailable(1000);
    } catch (InvalidUpgradePolicyException refused) {
      // reported in the policy's status
    }
  }
}
