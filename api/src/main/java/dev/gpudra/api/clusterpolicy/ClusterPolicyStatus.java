package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.api.schema.Required;
import io.fabric8.kubernetes.api.model.Condition;
import java.util.List;

/**
 * {@code status} of a ClusterPolicy, as NVIDIA's: the state, the operator's namespace, and the
 * {@code Ready} and {@code Error} conditions.
 *
 * @param state ready, notReady, or ignored (not the singleton)
 * @param namespace the operator's namespace, where the operands run
 * @param conditions {@code Ready} and {@code Error}, with NVIDIA's reasons ({@link Reasons})
 * @param migration gpu-dra's addition: the GPU nodes moving between the device plugin and the DRA
 *     driver, and where each is; absent when none moves
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ClusterPolicyStatus(
    @Required State state,
    String namespace,
    List<Condition> conditions,
    List<NodeMigrationStatus> migration,
    List<NodeUpgradeStatus> driverUpgrade) {
  public ClusterPolicyStatus {
    conditions = conditions == null ? null : List.copyOf(conditions);
    migration = migration == null || migration.isEmpty() ? null : List.copyOf(migration);
    driverUpgrade =
        driverUpgrade == null || driverUpgrade.isEmpty() ? null : List.copyOf(driverUpgrade);
  }

  /** A status with no driver upgrade under way. */
  public ClusterPolicyStatus(
      State state,
      String namespace,
      List<Condition> conditions,
      List<NodeMigrationStatus> migration) {
    this(state, namespace, conditions, migration, null);
  }
}
