package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.api.schema.Required;

/**
 * gpu-dra's addition to a ClusterPolicy's status: a GPU node on its way between the device plugin
 * and the DRA driver ({@code status.migration[]}).
 *
 * @param node the node's name
 * @param target the stack it moves to: {@code device-plugin} or {@code dra}; {@code none} while the
 *     policy is deleted and the node leaves the DRA driver
 * @param step where it is: {@code cordon}, {@code wait-for-gpu-pods}, {@code stop-claim-consumers},
 *     {@code stop-old-stack}, {@code start-new-stack} or {@code uncordon} (also its label {@code
 *     gpu-dra.dev/migration-step})
 * @param message why it waits, for example the pods still holding GPUs
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record NodeMigrationStatus(
    @Required String node, @Required String target, @Required String step, String message) {}
