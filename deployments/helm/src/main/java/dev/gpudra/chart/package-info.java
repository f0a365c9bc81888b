/**
 * The Helm chart's generated parts. The DeviceClasses template is rendered from the same model the
 * tests and {@code gpu-dra explain} use, wrapped in the chart's conditionals; a test fails when the
 * committed chart file is stale.
 */
package dev.gpudra.chart;
