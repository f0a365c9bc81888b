package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.api.schema.Default;
import dev.gpudra.api.schema.Rule;
import io.fabric8.kubernetes.api.model.LabelSelector;

/**
 * gpu-dra's node-by-node move between the device plugin and the DRA driver ({@code spec.migration};
 * read only with {@code spec.draDriver}). A node moves once no pod on it holds its GPUs through the
 * stack it leaves; it is cordoned meanwhile, and its GPU pods drained when {@code drain.enable}
 * says so.
 *
 * @param draNodes which GPU nodes run the DRA driver; absent means all
 * @param nodeSelector the nodes that run it, with {@code draNodes: selected}
 * @param drain whether GPU pods are evicted from a node that moves (NVIDIA's upgrade drain
 *     settings: {@code enable} and an equality-based {@code podSelector}; {@code force}, {@code
 *     deleteEmptyDir} and a {@code timeoutSeconds} other than 300 are refused by the operator, not
 *     built yet); absent or not enabled: the move waits for them to end
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Rule(
    value = "self.draNodes != 'selected' || has(self.nodeSelector)",
    message = "migration.nodeSelector is required with migration.draNodes: selected")
public record MigrationSpec(
    @Default("\"all\"") DraNodes draNodes, LabelSelector nodeSelector, DrainSpec drain) {}
