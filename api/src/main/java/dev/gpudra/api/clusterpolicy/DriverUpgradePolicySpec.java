package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.api.schema.Default;
import dev.gpudra.api.schema.Minimum;
import io.fabric8.kubernetes.api.model.IntOrString;

/**
 * How driver upgrades roll over the nodes ({@code spec.driver.upgradePolicy}, NVIDIA's
 * k8s-operator-libs type).
 *
 * @param autoUpgrade the global switch: when false every other option is ignored
 * @param maxParallelUpgrades how many nodes upgrade at once; 0 means no limit
 * @param maxUnavailable how many nodes may be unavailable: a number or a percentage, rounded up
 * @param drain how nodes are drained
 * @param podDeletion how GPU pods are deleted
 * @param waitForCompletion which jobs to wait for before upgrading
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DriverUpgradePolicySpec(
    @Default("false") Boolean autoUpgrade,
    @Default("1") @Minimum(0) Integer maxParallelUpgrades,
    @Default("\"25%\"") IntOrString maxUnavailable,
    DrainSpec drain,
    PodDeletionSpec podDeletion,
    WaitForCompletionSpec waitForCompletion) {}
