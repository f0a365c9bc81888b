/**
 * The states that run NVIDIA's own images (driver, container toolkit, validator, DCGM, DCGM
 * exporter, GPU feature discovery, MIG manager, node-status exporter, the sandbox operands): each
 * state's objects as pure model code, with NVIDIA's names, labels, node selectors, host paths,
 * validation waits and least-privilege roles, the images resolved from the policy or the operator's
 * image variables.
 */
package dev.gpudra.operator.render.nvidia;
