package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Rolling-update settings of the operand DaemonSets ({@code spec.daemonsets.rollingUpdate}).
 *
 * @param maxUnavailable how many pods may be unavailable during an update: a number or a
 *     percentage, as a string
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RollingUpdateSpec(String maxUnavailable) {}
