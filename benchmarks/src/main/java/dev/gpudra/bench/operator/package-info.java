/**
 * The ClusterPolicy operator at scale ({@code gpu-dra bench operator}): many simulated GPU nodes,
 * one policy, the time until every node carries its stack, and the operator's API writes then and
 * at rest.
 */
package dev.gpudra.bench.operator;
