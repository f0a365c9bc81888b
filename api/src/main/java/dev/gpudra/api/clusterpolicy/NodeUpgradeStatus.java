package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.api.schema.Required;

/**
 * gpu-dra's addition to a ClusterPolicy's status: a GPU node whose driver upgrade is under way or
 * failed ({@code status.driverUpgrade[]}).
 *
 * @param node the node's name
 * @param state its state, as its label {@code nvidia.com/gpu-driver-upgrade-state} says
 * @param message what it waits for, or why it failed
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record NodeUpgradeStatus(@Required String node, @Required String state, String message) {}
